/**
 * A small stand-in for the hosted platform that answers the GETs of one app with the answers
 * recorded in answers/*.json, on the live path and the draft (`preview/`) path alike (a deployed
 * app with no pending draft). It is read-only on purpose: every write is refused and logged, so
 * a test over it proves that nothing was written. It speaks only the hosted platform's header
 * names (`X-Cybozu-Authorization` or `X-Cybozu-API-Token`): a request without them, or with
 * the spec's `X-Service-*`, is refused as the platform refuses an unauthenticated call.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** One recorded answer: where it came from, what was changed, and the body the platform sent. */
export interface RecordedAnswer {
  source: string[];
  changes: string[];
  answer: Record<string, unknown>;
}

const ANSWERS = fileURLToPath(new URL('./answers/', import.meta.url));

/** Every recorded answer, by file name without `.json`. */
export function recordedAnswers(): Map<string, RecordedAnswer> {
  const files = readdirSync(ANSWERS).filter((name) => name.endsWith('.json'));
  return new Map(
    files.map((name) => [
      name.replace(/\.json$/, ''),
      JSON.parse(readFileSync(`${ANSWERS}${name}`, 'utf8')) as RecordedAnswer,
    ]),
  );
}

/** The settings endpoints (under /k/v1/, live or preview/) and the answer each one serves. */
const SETTINGS: Readonly<Record<string, string>> = {
  'app/settings.json': 'settings',
  'app/form/fields.json': 'form-fields',
  'app/form/layout.json': 'form-layout',
  'app/views.json': 'views',
  'app/status.json': 'status',
  'app/customize.json': 'customize',
  'app/acl.json': 'app-acl',
  'record/acl.json': 'record-acl',
  'field/acl.json': 'field-acl',
  'app/notifications/general.json': 'notifications-general',
  'app/notifications/perRecord.json': 'notifications-per-record',
  'app/notifications/reminder.json': 'notifications-reminder',
  'app/reports.json': 'reports',
  'app/actions.json': 'actions',
  'app/adminNotes.json': 'admin-notes',
  'app/plugins.json': 'app-plugins',
};

export interface RecordedService {
  url: string;
  appId: string;
  /** `METHOD path` of every write that reached the service (all refused). */
  writes: string[];
  /** `METHOD path?query` of every call the recordings do not answer (refused with 404). */
  unanswered: string[];
  /** Every request's header names of the X-Cybozu-* / X-Service-* families. */
  headerNames: Set<string>;
  close(): Promise<void>;
}

export async function startRecordedService(): Promise<RecordedService> {
  const answers = recordedAnswers();
  const app = answers.get('app')?.answer;
  const appId = String(app?.appId);
  const writes: string[] = [];
  const unanswered: string[] = [];
  const headerNames = new Set<string>();

  const fileContents = customizationFiles(answers.get('customize')?.answer);

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const names = Object.keys(req.headers).filter((n) => /^x-(cybozu|service)-/.test(n));
    names.forEach((n) => headerNames.add(n));
    // The platform authenticates by these two names only (issue 20 point 1).
    if (!names.includes('x-cybozu-authorization') && !names.includes('x-cybozu-api-token'))
      return send(res, 401, { code: 'CB_AU01', id: 'recorded', message: 'ログインしてください。' });
    // A long GET may come as a POST that says it is a GET (the platform's method override).
    const override = req.headers['x-http-method-override'];
    const method = typeof override === 'string' ? override.toUpperCase() : (req.method ?? 'GET');
    if (method !== 'GET') {
      writes.push(`${method} ${url.pathname}`);
      return send(res, 403, {
        code: 'RECORDED_READ_ONLY',
        id: 'recorded',
        message: 'The recorded answers are read-only: this test expects no write.',
      });
    }
    void readParams(req, url).then((params) => {
      const body = answer(url.pathname, params);
      if (body === undefined) {
        unanswered.push(`${method} ${url.pathname}${url.search}`);
        return send(res, 404, { code: 'GAIA_AP01', id: 'recorded', message: 'No recorded answer.' });
      }
      if (Buffer.isBuffer(body)) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(body);
        return;
      }
      send(res, 200, body);
    });
  };

  /** The recorded body of a GET, the bytes of a file download, or undefined. */
  const answer = (pathname: string, params: Params): unknown => {
    const path = pathname.replace(/^\/k\/v1\//, '').replace(/^preview\//, '');
    if (path === 'file.json') return fileContents.get(params.get('fileKey') ?? '');
    if (path === 'app.json') return params.get('id') === appId ? app : undefined;
    if (path === 'apps.json') {
      const ids = params.getAll('ids');
      return { apps: ids.length === 0 || ids.includes(appId) ? [app] : [] };
    }
    const name = SETTINGS[path];
    if (name === undefined || params.get('app') !== appId) return undefined;
    return answers.get(name)?.answer;
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    writes,
    unanswered,
    headerNames,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Query or JSON-body parameters, with `name[]` and `name[0]` read as the array `name`. */
interface Params {
  get(name: string): string | undefined;
  getAll(name: string): string[];
}

async function readParams(req: IncomingMessage, url: URL): Promise<Params> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    const key = name.replace(/\[\d*\]$/, '');
    values.set(key, [...(values.get(key) ?? []), String(value)]);
  };
  url.searchParams.forEach((value, name) => add(name, value));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length > 0) {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body))
      (Array.isArray(value) ? value : [value]).forEach((item) => add(name, item));
  }
  return { get: (name) => values.get(name)?.[0], getAll: (name) => values.get(name) ?? [] };
}

/** Each fileKey of the customization answer, served as a short text naming the file. */
function customizationFiles(customize: Record<string, unknown> | undefined): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const { fileKey, name } = value as { fileKey?: unknown; name?: unknown };
    if (typeof fileKey === 'string') files.set(fileKey, Buffer.from(`/* ${String(name)} */\n`));
    Object.values(value).forEach(visit);
  };
  visit(customize);
  return files;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
