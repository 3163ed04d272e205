/**
 * Signalling the built CLI at a chosen moment (interrupt-sweep.test.ts): SIGINT as Ctrl-C sends
 * it, or SIGTERM as a CI runner does, while the command waits for its Nth request to the local
 * service. The service holds that request (`/_emulator/faults`): `before`, held before it is
 * carried out (the command's call is in flight and nothing of it happened yet); `answer`, carried
 * out at once and only its answer held (the call took effect, the command does not know yet). The
 * signal lands while the command waits: a moment the seed fixes, not the machine's speed.
 */
import { startCommand } from '../apply-process.js';
import { call, EMU_ENV, type Cleanups } from '../emulator-process.js';
import { apiRequests } from '../kill-anywhere/kill.js';

export interface SignalMoment {
  /** The command's request the signal waits for (1 for its first), among those `at` matches. */
  request: number;
  /** Which requests count: a method and a path (`POST ^/k/v1/bulkRequest`); every API call when absent. */
  at?: { method: string; path: string };
  hold: 'before' | 'answer';
  signal: 'SIGINT' | 'SIGTERM';
  /** Counted only once stderr shows this (a step's progress line): its requests, not the run's. */
  after?: string;
  /** A second signal once the first one's message shows (`stopping`, `Interrupted`): during cleanup. */
  twice: boolean;
}

export const describeSignal = (m: SignalMoment): string =>
  `${m.twice ? 'two ' : ''}${m.signal} while request ${m.request}${m.at === undefined ? '' : ` (${m.at.method} ${m.at.path})`} is held ${m.hold === 'before' ? 'before it is carried out' : 'with its answer'}`;

/** The requests the service has seen that `at` matches (its control API left out). */
async function seen(url: string, at: SignalMoment['at']): Promise<number> {
  if (at === undefined) return apiRequests(url);
  const { requests } = (await call(url, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  const path = new RegExp(at.path);
  return Object.entries(requests)
    .filter(([key]) => key.startsWith(`${at.method} `) && path.test(key.slice(at.method.length + 1)))
    .reduce((sum, [, n]) => sum + n, 0);
}

export interface Signalled {
  /** False when the command ended before its Nth request (it ran whole). */
  signalled: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** How long the held request waits: longer than any command takes to answer a signal. */
const HOLD_MS = 3000;

export async function runAndSignal(
  url: string,
  root: string,
  command: string,
  args: string[],
  moment: SignalMoment,
  cleanups: Cleanups,
  env: NodeJS.ProcessEnv = EMU_ENV,
): Promise<Signalled> {
  const arm = async () => {
    // Counted first: a request between the count and the fault is let through, the next held.
    const count = await seen(url, moment.at);
    const armed = await call(url, 'POST', '/_emulator/faults', {
      path: moment.at?.path ?? '^/k/',
      ...(moment.at === undefined ? {} : { method: moment.at.method }),
      skip: moment.request - 1,
      times: 1,
      ...(moment.hold === 'before' ? { delayMs: HOLD_MS } : { answerDelayMs: HOLD_MS }),
    });
    if (armed.status !== 200) throw new Error(`fault not armed: ${JSON.stringify(armed.body)}`);
    return count;
  };
  let before = moment.after === undefined ? await arm() : 0;
  const child = startCommand(command, root, [...args, '--env', 'emu'], env, cleanups);
  let ended = false;
  void child.exited.then(() => (ended = true));
  if (moment.after !== undefined) {
    await child.waitFor(moment.after);
    before = await arm();
  }
  const deadline = Date.now() + 60_000;
  while (!ended && (await seen(url, moment.at)) - before < moment.request) {
    if (Date.now() > deadline) throw new Error(`${command} hung: ${child.stderr()}`);
    await new Promise((r) => setTimeout(r, 3));
  }
  // The request counted as it arrived: a moment more and it is held.
  if (!ended) await new Promise((r) => setTimeout(r, 30));
  const signalled = !ended;
  if (signalled) child.child.kill(moment.signal);
  if (signalled && moment.twice) {
    // The second once the first one's words show (or at once when it is already gone).
    const until = Date.now() + 10_000;
    while (!ended && !/stopping|Interrupted|interrupted/.test(child.stderr()) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 3));
    if (!ended) child.child.kill(moment.signal);
  }
  const exit = await Promise.race([
    child.exited,
    new Promise<null>((r) => setTimeout(() => r(null), 45_000)),
  ]);
  await call(url, 'DELETE', '/_emulator/faults');
  if (exit === null) {
    child.child.kill('SIGKILL');
    throw new Error(`${command} did not end after ${describeSignal(moment)}: ${child.stderr()}`);
  }
  return { signalled, code: exit.code, signal: exit.signal, stdout: child.stdout(), stderr: child.stderr() };
}
