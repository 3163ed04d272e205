import type { EmulatorOptions } from '../../src/emulator/index.js';
import { useLocalService } from '../support/service.js';
import { ADMIN, passwordHeader } from '../support/users.js';

export { ADMIN };

export interface CallOptions {
  /** Login/password; default the administrator. `null` sends no X-Service-Authorization. */
  user?: { login: string; password: string } | null;
  token?: string;
  /** Which header names carry them: the spec's `X-Service-*` (default) or the hosted platform's `X-Cybozu-*`. */
  dialect?: 'kintone' | 'service';
  headers?: Record<string, string>;
  /** Raw body instead of JSON (with its own content type in `headers`). */
  rawBody?: Buffer | string;
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** One emulator per test file, reset before each test; `call` speaks plain HTTP to it. */
export function useEmulator(options: EmulatorOptions = {}) {
  const service = useLocalService({ emulator: options, resetEachTest: options.control !== false });

  async function call(
    method: string,
    path: string,
    params?: unknown,
    opts: CallOptions = {},
  ): Promise<Reply> {
    const url = new URL(service.url + path);
    const headers: Record<string, string> = { ...opts.headers };
    const user = opts.user === undefined ? ADMIN : opts.user;
    const prefix = opts.dialect === 'kintone' ? 'X-Cybozu' : 'X-Service';
    if (user) Object.assign(headers, passwordHeader(user, opts.dialect));
    if (opts.token) headers[`${prefix}-API-Token`] = opts.token;
    let body: string | Buffer | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (method === 'GET' && params) {
      for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
        if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(`${k}[]`, queryText(item)));
        else url.searchParams.set(k, queryText(v));
      }
    } else if (params !== undefined) {
      body = JSON.stringify(params);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: a test asserting JSON will say so
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Creates an app, deploys it, waits for SUCCESS; returns its id. */
  async function deployedApp(name = 'Test app'): Promise<string> {
    const created = await call('POST', '/k/v1/preview/app.json', { name });
    if (created.status !== 200) throw new Error(JSON.stringify(created.body));
    const app = created.body.app as string;
    await deploy([app]);
    return app;
  }

  /**
   * Deploys and waits until every app leaves PROCESSING; returns the final statuses. `base` is the
   * API root: a guest space's apps deploy through `/k/guest/{spaceId}/v1`.
   */
  async function deploy(apps: string[], revert = false, base = '/k/v1'): Promise<Record<string, string>> {
    const res = await call('POST', `${base}/preview/app/deploy.json`, {
      apps: apps.map((app) => ({ app })),
      revert,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return waitDeploy(apps, base);
  }

  async function waitDeploy(apps: string[], base = '/k/v1'): Promise<Record<string, string>> {
    for (;;) {
      const status = await call('GET', `${base}/preview/app/deploy.json`, { apps });
      const list = status.body.apps as { app: string; status: string }[];
      if (list.every((a) => a.status !== 'PROCESSING'))
        return Object.fromEntries(list.map((a) => [a.app, a.status]));
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  return {
    call,
    deployedApp,
    deploy,
    waitDeploy,
    get url() {
      return service.url;
    },
  };
}

/**
 * A GET parameter's text. An object goes as its JSON: String() of a fuzzed object throws when it
 * has no usable toString (`{toString: null}`, or no prototype).
 */
function queryText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
