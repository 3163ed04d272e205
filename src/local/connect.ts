/**
 * The service a command talks to: the environment's `baseUrl` with its credentials, or, for an
 * environment without one (`local`, the default), the local service started inside the command
 * on a free loopback port, keeping its data in `.appdeploy/local/` beside appdeploy.yaml so that
 * what one command wrote is there for the next, app ids included (ids.ts). That directory is
 * locked (on-data.ts) while a command uses it, so a second command on the same project is refused
 * instead of corrupting it.
 */
import { join, resolve } from 'node:path';
import {
  createClient,
  type Client,
  type ClientConnection,
  type ClientLogger,
  type ClientOptions,
} from '../client/index.js';
import type { EmulatorOptions, RunningEmulator } from '../emulator/index.js';
import { AppdeployError } from '../errors.js';
import type { EnvironmentConfig, Project } from '../project/index.js';
import { useLocalIds } from './ids.js';
import { startOnData } from './on-data.js';

/** A client for a project's environment, and how to let it go (what every command and `connect` give). */
export interface Connection {
  client: Client;
  /** Where the service is: the environment's URL, or `local (.appdeploy/local)`. */
  describe: string;
  /** What the user should know before the command's own output (an id read from an old place). */
  notes?: string[];
  close(): Promise<void>;
}

/** The local service's administrator: the embedded service has no other user. */
const LOCAL_ADMIN = { login: 'admin', password: 'admin' };

export function localDataDir(project: Pick<Project, 'root'>): string {
  return join(project.root, '.appdeploy', 'local');
}

export interface ConnectOptions {
  /** Requests in flight at once; else the environment's `concurrency`, else the client's default. */
  concurrency?: number | undefined;
  /** Every call's events (`--verbose`), and, before the first call, how the client reaches the service. */
  logger?: ClientLogger | undefined;
  onConnection?: ((connection: ClientConnection) => void) | undefined;
  /** Ends every call of the client, those under way included (as `createClient`'s `signal`). */
  signal?: AbortSignal | undefined;
}

/**
 * A client for the project's environment as every command makes it: its `baseUrl`, credentials,
 * Basic authentication, proxy, client certificate, CA, guest space, language and concurrency from
 * appdeploy.yaml (paths against its folder); for the local environment, the local service on the
 * project's data (held under its lock until `close`). The library exports it, so that a program
 * reaches an environment exactly as the CLI does (a proxy or a Secure Access certificate included).
 */
export async function connect(project: Project, options: ConnectOptions = {}): Promise<Connection> {
  const { config, local } = project.environment;
  // The flag, else the environment's own setting, else the client's default.
  const concurrency = options.concurrency ?? config.concurrency;
  // What the caller adds to either client: its logger and its signal.
  const callerOptions = {
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (local || config.baseUrl === undefined) {
    // The service's default language is the environment's: new apps get its system field codes.
    const emulator = await startLocal(project, { port: 0, deployMs: 50, locale: project.environment.locale });
    const client = createClient({
      baseUrl: emulator.url,
      auth: LOCAL_ADMIN,
      // On this machine's loopback: never through a proxy HTTPS_PROXY may name.
      proxy: false,
      // The local service speaks both dialects; the environment may ask for the hosted platform's.
      platform: config.platform ?? 'service',
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...callerOptions,
    });
    options.onConnection?.({ ...client.connection, route: 'directly (the local service, on this machine)' });
    const close = async () => {
      await client.close();
      await emulator.close();
    };
    // The local environment's ids live with its data (project/local-ids.ts), not in appdeploy.yaml.
    let notes: string[];
    try {
      notes = [...emulator.notes, ...(await useLocalIds(project, client))];
    } catch (error) {
      await close();
      throw error;
    }
    return { client, describe: 'local (.appdeploy/local)', notes, close };
  }
  if (!config.auth)
    throw new AppdeployError(
      'ENVIRONMENT.NO_AUTH',
      `environment "${project.environment.name}" has a baseUrl but no auth`,
      {
        hint: 'Add auth: { login, password } (or apiToken) under that environment in appdeploy.yaml.',
      },
    );
  const client = createClient({
    baseUrl: config.baseUrl,
    auth: config.auth,
    ...(config.platform ? { platform: config.platform } : {}),
    ...(config.basicAuth ? { basicAuth: config.basicAuth } : {}),
    ...reachOptions(config, project.root),
    ...(config.guestSpaceId !== undefined ? { guestSpaceId: config.guestSpaceId } : {}),
    // Asked for when the environment names a language; else the user's own setting decides.
    ...((config.locale ?? project.config.locale) ? { language: project.environment.locale } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...callerOptions,
  });
  options.onConnection?.(client.connection);
  return { client, describe: config.baseUrl, close: () => client.close() };
}

/**
 * The environment's proxy, client certificate and CA as the client takes them, paths resolved
 * against appdeploy.yaml's folder. Without `proxy`, the client reads HTTPS_PROXY / HTTP_PROXY.
 */
function reachOptions(config: EnvironmentConfig, root: string): Partial<ClientOptions> {
  const certificate = config.clientCertificate;
  return {
    ...(config.proxy !== undefined ? { proxy: config.proxy } : {}),
    ...(config.ca !== undefined ? { ca: resolve(root, config.ca) } : {}),
    ...(certificate === undefined
      ? {}
      : {
          clientCertificate:
            'pfx' in certificate
              ? { pfx: resolve(root, certificate.pfx), password: certificate.password }
              : {
                  cert: resolve(root, certificate.cert),
                  key: resolve(root, certificate.key),
                  passphrase: certificate.passphrase,
                },
        }),
  };
}

/**
 * The local service on the project's `.appdeploy/local` data, holding its lock until closed: what
 * `connect` runs inside a command, and what `appdeploy emulator -C DIR` serves over HTTP.
 */
export function startLocal(
  project: Pick<Project, 'root'>,
  options: Omit<EmulatorOptions, 'data'> = {},
): Promise<RunningEmulator> {
  return startOnData(localDataDir(project), '.appdeploy/local', options);
}
