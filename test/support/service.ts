/**
 * The local service a test file talks to: started in-process on port 0 before the file's tests,
 * closed after them, and (unless told otherwise) reset before each test, with an optional client
 * signed in as the administrator.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createClient, type Client, type ClientOptions } from '../../src/client/index.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { ADMIN, passwordHeader } from './users.js';

export interface LocalServiceOptions {
  /** How the service starts; deploys take 20 ms unless `deployMs` says otherwise. */
  readonly emulator?: EmulatorOptions;
  /** A client at the service, signed in as the administrator, with these options on top. */
  readonly client?: Partial<ClientOptions>;
  /** `POST /_emulator/reset` before each test (default: yes). */
  readonly resetEachTest?: boolean;
}

export interface LocalService {
  readonly url: string;
  readonly emulator: RunningEmulator;
  /** The client (only with `client` in the options). */
  readonly client: Client;
  /** A control or API call as the administrator: its JSON answer (`{}` for none); throws unless 2xx. */
  readonly control: (method: string, path: string, body?: unknown) => Promise<any>;
}

export function useLocalService(options: LocalServiceOptions = {}): LocalService {
  const state: { emulator?: RunningEmulator; client?: Client } = {};
  const service: LocalService = {
    get url() {
      return state.emulator!.url;
    },
    get emulator() {
      return state.emulator!;
    },
    get client() {
      if (!state.client) throw new Error('useLocalService: no client was asked for');
      return state.client;
    },
    control: (method, path, body) => adminCall(state.emulator!.url, method, path, body),
  };
  beforeAll(async () => {
    state.emulator = await startEmulator({ port: 0, deployMs: 20, ...options.emulator });
    if (options.client)
      state.client = createClient({ baseUrl: state.emulator.url, auth: ADMIN, ...options.client });
  });
  afterAll(async () => {
    await state.client?.close();
    await state.emulator?.close();
  });
  if (options.resetEachTest !== false)
    beforeEach(async () => {
      await service.control('POST', '/_emulator/reset');
    });
  return service;
}

/** One JSON call as the administrator to a running service; throws with the answer unless 2xx. */
export async function adminCall(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...passwordHeader(ADMIN),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text === '' ? {} : JSON.parse(text);
}
