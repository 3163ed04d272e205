/** `createClient`: one object with a sub-client per group of the interface. */
import type { Dispatcher } from 'undici';
import { baseUrlFault } from '../platform/index.js';
import { AppPluginsClient } from './app-plugins.js';
import { AppsClient } from './apps.js';
import { createCredentials, signedInAs, type SignedInAs } from './auth.js';
import { BulkClient } from './bulk.js';
import { CommentsClient } from './comments.js';
import { createContext, guestPrefix } from './context.js';
import { CursorsClient } from './cursors.js';
import { DirectoryClient } from './directory.js';
import { ClientOptionsError } from './errors.js';
import { FilesClient } from './files.js';
import { FormClient } from './form.js';
import { GuestsClient } from './guests.js';
import type { ClientOptions } from './options.js';
import { checkHooks, concurrencyOf, retryOf, timeoutOf } from './option-values.js';
import { PLATFORMS, platformOfUrl, type Platform } from './platform.js';
import { PluginsClient } from './plugins.js';
import { leasePool, ownDispatcher } from './pool.js';
import { ProcessClient } from './process.js';
import { decideReach, type Reach } from './reach.js';
import { RecordsClient } from './records.js';
import { Semaphore } from './semaphore.js';
import { SettingsClient } from './settings.js';
import { SpacesClient } from './spaces.js';
import { Transport } from './transport.js';
import { watchTlsAlerts } from './tls-alerts.js';

/** Client.connection: how a client reaches its service. */
export interface ClientConnection {
  readonly baseUrl: string;
  readonly route: string;
  /** Whether a client certificate is presented (Secure Access). */
  readonly clientCertificate: boolean;
  /** Whether extra certificate authorities (`ca`) are trusted. */
  readonly ca: boolean;
}

export interface Client {
  readonly records: RecordsClient;
  readonly comments: CommentsClient;
  readonly process: ProcessClient;
  readonly cursors: CursorsClient;
  readonly bulk: BulkClient;
  readonly files: FilesClient;
  readonly apps: AppsClient;
  readonly settings: SettingsClient;
  readonly form: FormClient;
  readonly appPlugins: AppPluginsClient;
  readonly plugins: PluginsClient;
  readonly spaces: SpacesClient;
  readonly guests: GuestsClient;
  /** The common User API's directory reads (users, groups, organizations). */
  readonly directory: DirectoryClient;
  /** The platform whose names this client speaks (ClientOptions.platform). */
  readonly platform: Platform;
  /** How many of its calls may be in flight at once (ClientOptions.concurrency). */
  readonly concurrency: number;
  /**
   * Where the calls go and how, for a debug log: `route` is `through the proxy
   * http://proxy.example.com:8080 (from HTTPS_PROXY)`, or `directly (...)` with the reason (no
   * proxy set, NO_PROXY naming the host, `proxy: false`). Never a credential.
   */
  readonly connection: ClientConnection;
  /** The user (login) or API token the service acts for: what record and field permissions apply to. */
  readonly signedInAs: SignedInAs;
  /**
   * Lets go of the connection pool (closed when no other client of the same origin uses it), once
   * every call of this client under way has its answer or its failure.
   */
  close(): Promise<void>;
}

export function createClient(options: ClientOptions): Client {
  const baseUrl = parseBaseUrl(options.baseUrl);
  if (options.guestSpaceId !== undefined) guestPrefix(options.guestSpaceId);
  const platform = platformOf(options.platform, baseUrl);
  // Checked before a connection pool is leased, which a refused option would leave held.
  const concurrency = concurrencyOf(options.concurrency);
  const timeoutMs = timeoutOf(options.timeoutMs);
  const retry = retryOf(options.retry);
  checkHooks(options);
  const reach = reachOf(baseUrl, options);
  const credentials = createCredentials(options.auth, options.basicAuth, platform, reach.secrets);
  const lease = options.dispatcher ? undefined : (ownDispatcher(baseUrl, reach) ?? leasePool(baseUrl.origin));
  const dispatcher: Dispatcher = options.dispatcher ?? lease!.dispatcher;
  const transport = new Transport({
    baseUrl,
    dispatcher,
    credentials,
    semaphore: new Semaphore(concurrency),
    timeoutMs,
    language: options.language,
    retry,
    logger: options.logger,
    proxy: reach.proxy,
    clientCertificate: reach.clientCertificate,
    ca: reach.ca,
    signal: options.signal,
  });
  const ctx = createContext(transport, options.guestSpaceId, platform);
  const cursors = new CursorsClient(ctx);
  const bulk = new BulkClient(ctx);
  return {
    records: new RecordsClient(ctx, cursors, bulk),
    comments: new CommentsClient(ctx),
    process: new ProcessClient(ctx),
    cursors,
    bulk,
    files: new FilesClient(ctx),
    apps: new AppsClient(ctx),
    settings: new SettingsClient(ctx),
    form: new FormClient(ctx),
    appPlugins: new AppPluginsClient(ctx),
    plugins: new PluginsClient(ctx),
    spaces: new SpacesClient(ctx),
    guests: new GuestsClient(ctx),
    directory: new DirectoryClient(ctx),
    platform,
    concurrency,
    connection: {
      baseUrl: baseUrl.href,
      route: options.dispatcher ? 'through the dispatcher given in the options' : reach.route,
      clientCertificate: reach.clientCertificate,
      ca: reach.ca,
    },
    signedInAs: signedInAs(options.auth),
    close: async () => {
      // A command that failed closes its client while its other calls may still be under way.
      await transport.settled();
      transport.refuseCalls();
      await lease?.release();
    },
  };
}

function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ClientOptionsError(
      // A string with an @ may carry credentials: do not repeat it.
      `baseUrl ${text.includes('@') ? '(not shown: it contains @)' : JSON.stringify(text)} is not a URL; ` +
        `give the service's address, e.g. https://example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClientOptionsError(`baseUrl must start with http:// or https://, got ${url.protocol}`);
  }
  // Credentials, the API's own path, the service's pages, a query: the rule validate applies too.
  const fault = baseUrlFault(url);
  if (fault !== undefined) throw new ClientOptionsError(`baseUrl ${fault}`);
  return url;
}

/**
 * How this client connects (reach.ts): a dispatcher of the caller's own leaves the proxy to it,
 * and cannot take TLS settings, which belong to the connection.
 */
function reachOf(baseUrl: URL, options: ClientOptions): Reach {
  if (options.dispatcher && (options.clientCertificate !== undefined || options.ca !== undefined))
    throw new ClientOptionsError(
      'clientCertificate and ca cannot be used with a dispatcher of your own: give them to that dispatcher',
    );
  if (baseUrl.protocol === 'https:') watchTlsAlerts();
  return decideReach(
    baseUrl,
    { ...options, proxy: options.dispatcher ? false : options.proxy },
    // The variables every HTTP client of the ecosystem reads its proxy from (reach.ts).
    process.env,
  );
}

function platformOf(given: Platform | undefined, baseUrl: URL): Platform {
  if (given === undefined) return platformOfUrl(baseUrl);
  if (!PLATFORMS.includes(given))
    throw new ClientOptionsError(
      `platform must be one of ${PLATFORMS.join(', ')}, got ${JSON.stringify(given)}`,
    );
  return given;
}
