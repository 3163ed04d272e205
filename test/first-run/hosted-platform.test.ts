/**
 * Issue 20's "Done when": every example applies, converges and round-trips through export against
 * a local service, with its environment set to `platform: kintone`, sending only the hosted
 * platform's header names. Between the built CLI and the local service sits a gate that refuses
 * any request carrying one of the spec's `X-Service-*` header names (401, as the hosted platform
 * answers a request it cannot authenticate), so a call made in the spec's dialect fails the run.
 */
import { existsSync, readdirSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, ROOT, tempDir } from '../support/cli.js';
import { passThrough } from '../support/pass-through.js';

const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((name) =>
  existsSync(join(ROOT, 'examples', name, 'appdeploy.yaml')),
);

let dir = '';
let emulator: RunningEmulator;
let gate: Server;
let gateUrl = '';
/** Every X-Cybozu-* / X-Service-* header name that reached the gate, and the requests refused. */
const seen = new Set<string>();
const refused: string[] = [];
/** Every write that passed the gate (`METHOD path`), and the field names of field ACL rules sent. */
const writes: string[] = [];
const fieldAclNames = new Set<string>();

beforeAll(async () => {
  dir = await tempDir('hosted');
  emulator = await startEmulator({ port: 0, deployMs: 20, ...EXAMPLE_DIRECTORY });
  gate = createServer((req, res) => {
    const names = Object.keys(req.headers).filter((n) => /^x-(cybozu|service)-/.test(n));
    names.forEach((n) => seen.add(n));
    if (names.some((n) => n.startsWith('x-service-'))) {
      refused.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'CB_AU01', id: 'gate', message: 'Please login.' }));
      return;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'GET') writes.push(`${req.method ?? ''} ${path}`);
    if (path.endsWith('/field/acl.json') && req.method === 'PUT') noteFieldAclNames(req);
    passThrough(req, res, emulator.url);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => gate?.close(() => resolve()));
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Records which key each field ACL rule of a write names its field under (read alongside the proxying). */
function noteFieldAclNames(req: NodeJS.ReadableStream): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { rights?: object[] };
    for (const rule of body.rights ?? [])
      for (const key of ['code', 'field']) if (key in rule) fieldAclNames.add(key);
  });
}

/** The example copied, with an environment `hosted` on the gate that says `platform: kintone`. */
async function hostedCopy(name: string): Promise<{ project: string; apps: string[] }> {
  const project = join(dir, name);
  await cp(join(ROOT, 'examples', name), project, {
    recursive: true,
    filter: (source) => !source.includes('.appdeploy'),
  });
  const file = join(project, 'appdeploy.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['environments', 'hosted'], {
    baseUrl: gateUrl,
    platform: 'kintone',
    auth: { login: 'admin', password: 'admin' },
  });
  doc.set('defaultEnvironment', 'hosted');
  await writeFile(file, doc.toString());
  const apps = Object.keys((doc.toJS() as { apps: Record<string, unknown> }).apps);
  return { project, apps };
}

describe('the examples against a service that speaks only the hosted platform names', () => {
  it.each(EXAMPLES)(
    '%s: apply, a fresh plan is empty, export, and the plan is still empty',
    async (name) => {
      const { project, apps } = await hostedCopy(name);
      const applied = await appdeploy(['apply', '--yes'], project);
      expect(applied.stderr).not.toMatch(/failed|Error/);
      expect([applied.code, refused]).toEqual([0, []]);
      const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
      expect([planned.code, planned.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
      const exported = await appdeploy(['export', ...apps.flatMap((key) => ['--app', key])], project);
      expect([exported.code, exported.stderr]).toEqual([0, expect.not.stringMatching(/failed|Error/)]);
      const again = await appdeploy(['plan', '--detailed-exitcode'], project);
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
      expect(refused).toEqual([]);
      expect([...seen].every((n) => n.startsWith('x-cybozu-'))).toBe(true);
    },
    180_000,
  );

  // The assets example adds a plug-in and sets field permissions: on the hosted platform the first
  // goes through the draft path (the official client's addPlugins) and the second names `code`.
  it("added plug-ins through the hosted platform's draft path and named field ACL rules' fields `code`", () => {
    expect(writes).toContain('POST /k/v1/preview/app/plugins.json');
    expect(writes).not.toContain('POST /k/v1/app/plugins.json');
    expect([...fieldAclNames]).toEqual(['code']);
  });
});
