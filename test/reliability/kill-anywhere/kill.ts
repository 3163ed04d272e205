/**
 * Starting a command of the built CLI as its own process and killing it with SIGKILL at a moment
 * picked from the seed: once the service has seen the command's Nth request (the local service
 * counts each as it arrives, `/_emulator/stats`), either while the service holds the answer of a
 * request it carried out (the answer never reaches the command), or a few milliseconds later,
 * wherever the command then is (between requests: writing its files, planning, waiting).
 */
import { startCommand } from '../apply-process.js';
import { call, EMU_ENV, type Cleanups } from '../emulator-process.js';

export interface KillMoment {
  /** The command's request the moment follows (1 for its first). */
  request: number;
  /** `answer-lost`: that request is carried out and its answer held until after the kill. */
  how: 'answer-lost' | 'after';
  /** For `after`: how long after that request arrived. */
  delayMs: number;
}

export const describeMoment = (m: KillMoment): string =>
  m.how === 'answer-lost'
    ? `with the answer of request ${m.request} held`
    : `${m.delayMs} ms after request ${m.request} arrived`;

/** The requests of the platform's API the service has seen (its control API left out). */
export async function apiRequests(url: string): Promise<number> {
  const { requests } = (await call(url, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  return Object.entries(requests)
    .filter(([key]) => !key.includes(' /_emulator/'))
    .reduce((sum, [, n]) => sum + n, 0);
}

export interface Killed {
  /** False when the command ended before the moment came (it ran whole). */
  killed: boolean;
  code: number | null;
  stdout: string;
  stderr: string;
}

export async function runAndKill(
  url: string,
  root: string,
  command: string,
  args: string[],
  moment: KillMoment,
  cleanups: Cleanups,
  /** The variables the `emu` environment's secrets come from. */
  env: NodeJS.ProcessEnv = EMU_ENV,
): Promise<Killed> {
  const before = await apiRequests(url);
  if (moment.how === 'answer-lost') {
    const armed = await call(url, 'POST', '/_emulator/faults', {
      path: '^/k/',
      skip: moment.request - 1,
      times: 1,
      answerDelayMs: 60_000,
    });
    if (armed.status !== 200) throw new Error(`fault not armed: ${JSON.stringify(armed.body)}`);
  }
  const child = startCommand(command, root, [...args, '--env', 'emu'], env, cleanups);
  let ended = false;
  void child.exited.then(() => (ended = true));
  const deadline = Date.now() + 60_000;
  while (!ended && (await apiRequests(url)) - before < moment.request) {
    if (Date.now() > deadline) throw new Error(`${command} hung: ${child.stderr()}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  if (!ended && moment.how === 'after') await new Promise((r) => setTimeout(r, moment.delayMs));
  if (!ended) child.child.kill('SIGKILL');
  const exit = await child.exited;
  const killed = exit.signal === 'SIGKILL';
  // The held answer stays held; the next request of anyone is not faulted.
  await call(url, 'DELETE', '/_emulator/faults');
  return { killed, code: exit.code, stdout: child.stdout(), stderr: child.stderr() };
}
