/**
 * A client's requests, counted: an undici agent (ClientOptions.dispatcher) that notes every
 * request it sends, so a test can hold what a command sent against what its plan said it would
 * (the record calls of a migration: docs/migrations.md "What the plan says").
 */
import { Agent, type Dispatcher } from 'undici';

/** An undici agent that notes every request it sends: method, path and body. */
export class CountingAgent extends Agent {
  readonly calls: { method: string; path: string; body: string }[] = [];

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const body =
      typeof opts.body === 'string'
        ? opts.body
        : Buffer.isBuffer(opts.body)
          ? opts.body.toString('utf8')
          : '';
    this.calls.push({ method: opts.method, path: opts.path, body });
    return super.dispatch(opts, handler);
  }

  /**
   * Record calls sent since call `from`: reads, cursor calls, writes, each call inside a bulk
   * request (as the plan's estimate counts a bulk request: the more cautious count).
   */
  recordCalls(from: number): number {
    let n = 0;
    for (const c of this.calls.slice(from)) {
      if (/\/bulkRequest\.json/.test(c.path))
        n += (JSON.parse(c.body) as { requests: unknown[] }).requests.length;
      else if (/\/records?(\/cursor)?\.json/.test(c.path)) n++;
    }
    return n;
  }
}
