import { createClient, type Client } from '../../../src/client/index.js';
import { ADMIN } from '../../support/users.js';
import { fileURLToPath } from 'node:url';
import { runCli, runNode, type CliProcess } from '../../support/cli.js';

const SERVE_LIBRARY = fileURLToPath(new URL('./serve-library.mjs', import.meta.url));

/**
 * The local service as a user runs it: the built CLI, `appdeploy emulator --data DIR`, a child
 * process that a test stops cleanly (SIGTERM) or kills (SIGKILL) and starts again on the same
 * folder. Each start has a port of its own, so each gets a client of its own. With `compactAt`,
 * each start is instead a program calling the library's `startEmulator` (serve-library.mjs) with
 * the journal compacted at the size `compactAt` picks for that start.
 */
export class ServiceProcess {
  #process: CliProcess | null = null;
  #client: Client | null = null;
  /** How many times the service was started, stopped cleanly and killed. */
  readonly counts = { starts: 0, stops: 0, kills: 0 };

  constructor(
    readonly data: string,
    private readonly deployMs: number,
    private readonly compactAt?: () => number,
  ) {}

  async start(): Promise<void> {
    const emu = this.compactAt
      ? await runNode([SERVE_LIBRARY, this.data, String(this.deployMs), String(this.compactAt())])
      : await runCli(['emulator', '--port', '0', '--data', this.data, '--deploy-ms', String(this.deployMs)]);
    if (!emu.url) throw new Error(`the service did not start: ${emu.firstLine} ${emu.stderr()}`);
    this.#process = emu;
    // Retries off: a call the kill cut short must fail, not be sent again to the next process.
    this.#client = createClient({ baseUrl: emu.url, auth: ADMIN, proxy: false, retry: { retries: 0 } });
    this.counts.starts++;
  }

  get url(): string {
    return this.#running().url;
  }

  get client(): Client {
    if (!this.#client) throw new Error('the service is not running');
    return this.#client;
  }

  /** What the process wrote to stderr so far (a start's refusal, a crash's trace). */
  stderr(): string {
    return this.#process?.stderr() ?? '';
  }

  /** SIGTERM (the documented clean stop, exit 0) or SIGKILL; waits for the process to end. */
  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const emu = this.#running();
    emu.child.kill(signal);
    const exit = await emu.exited;
    this.#process = null;
    const client = this.#client;
    this.#client = null;
    await client?.close();
    if (signal === 'SIGKILL') this.counts.kills++;
    else this.counts.stops++;
    return exit;
  }

  /** Kills it at once without waiting for the calls in flight (a crash in the middle of work). */
  killNow(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.stop('SIGKILL');
  }

  #running(): CliProcess {
    if (!this.#process) throw new Error('the service is not running');
    return this.#process;
  }
}
