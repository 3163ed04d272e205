import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Clock } from './clock.js';
import { createHttpServer } from './server.js';
import { Router } from './router.js';
import { Store } from './store/store.js';
import { routesWith } from './handlers/index.js';
import { storedClockOffset } from './handlers/control.js';
import { seedDirectory } from './handlers/control-directory.js';
import { ApiError } from './errors.js';
import { migrateStore } from './migrations/index.js';
import { newQuota } from './quota.js';
import { lostFilesNote } from './model/lost-files.js';
import { isLoopback, resolveOptions, type EmulatorOptions, type EmulatorSettings } from './options.js';
import type { EmulatorContext } from './context.js';

export type {
  AddedSettingsEndpoint,
  EmulatorOptions,
  EmulatorTls,
  EmulatorUser,
  EmulatorSettings,
} from './options.js';
export { parseUserSpec, parseUnitSpec, isLoopback } from './options.js';
export type { EmulatorUnit } from './options.js';
export type { Lang } from './messages/lang.js';

export interface RunningEmulator {
  /** Base URL, `http://HOST:PORT` (`https://` with `tls`), no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly settings: EmulatorSettings;
  /**
   * What the caller should know of this start, one sentence each (the command prints them as
   * `Note: ...` on stderr): a lock taken over from a killed service, files a crash left without
   * their content. Empty when there is nothing to say.
   */
  readonly notes: readonly string[];
  /** Stops accepting, ends open connections, and closes the journal. */
  close(): Promise<void>;
}

/**
 * Starts the local service; for tests (port 0) and for `appdeploy emulator`. It takes no lock of
 * `data`: `appdeploy/emulator`'s `startEmulator` (local/emulator-entry.ts), the command and the
 * local environment hold the folder's lock around it (local/on-data.ts).
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const settings = resolveOptions(options);
  if (!isLoopback(settings.host) && settings.defaultCredentialsInUse) {
    throw new Error(
      `refusing to listen on ${settings.host} with the default admin:admin account (the default user, or a --user admin:admin); give users of your own with --user login:password[:admin], none of them admin:admin, or listen on 127.0.0.1`,
    );
  }
  const store = Store.open(settings.data, settings.compactAtBytes);
  // Data written by older versions: attachments without owners, records without the file index.
  migrateStore(store);
  const stopping = new AbortController();
  // Every call held by --latency or a delay fault listens to it, as many at once as clients send
  // (16 by default): without this node warned "MaxListenersExceededWarning" past 10, on stderr.
  setMaxListeners(0, stopping.signal);
  const ctx: EmulatorContext = {
    store,
    clock: new Clock(storedClockOffset(store)),
    settings,
    runtime: {
      faults: [],
      stats: new Map(),
      quota: newQuota(settings.dailyRequestLimit),
      stopping: stopping.signal,
    },
    router: new Router(routesWith(settings.endpoints)),
  };
  startingDirectory(ctx);
  // Files a crash left without their bytes: said, and the service serves on (model/lost-files.ts).
  const lostFiles = settings.data === null ? null : lostFilesNote(ctx);
  const server = createHttpServer(ctx, options.tls);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  let closed: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    settings,
    notes: lostFiles === null ? [] : [lostFiles],
    close() {
      // Calls a fault or --latency holds stop waiting: nothing keeps the process past its close.
      stopping.abort();
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => store.close());
      return closed;
    },
  };
}

/** The `--group`/`--organization` definitions, or an error naming each one that is wrong. */
function startingDirectory(ctx: EmulatorContext): void {
  try {
    seedDirectory(ctx);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    ctx.store.close();
    const problems = Object.entries(error.errors ?? {}).map(
      ([at, { messages }]) => `${at}: ${messages.join(' ')}`,
    );
    throw new Error(`the starting groups and organizations are not valid: ${problems.join('; ')}`, {
      cause: error,
    });
  }
}
