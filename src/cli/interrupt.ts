/**
 * Ctrl-C (SIGINT) and a CI runner's SIGTERM where no command handles them itself (apply's writes,
 * seed's writes and the emulator have handlers of their own, cli/commands/): bin.ts's handler,
 * installed before anything loads, prints `interruptedLine` and exits 130 (exit-codes.ts). A
 * command says, as it goes, what an interrupt at that point leaves and what to run next
 * (`interruptLeaves`), so the one line the person reads is true for the moment it landed.
 *
 * Before: SIGTERM was not handled at all (node ended the process with no word, exit 143, and no
 * 'exit' event, so apply's lock and the local service's lock stayed behind and the next run called
 * them left by "a crash or a kill -9"), and Ctrl-C said only "stopped before finishing".
 */
import { removeTempsInFlight } from '../atomic-write.js';
import { shellWord } from '../project/next-command.js';
import { EXIT, type ExitCode } from './exit-codes.js';

/** What an interrupt now leaves and what to run next; null: nothing said yet (still starting). */
let leaves: string | null = null;

/** Says what an interrupt from now on leaves, and what to run next: one sentence or two. */
export function interruptLeaves(words: string): void {
  leaves = words;
}

/** main() starts each run saying nothing yet (it runs more than once in one process, in tests). */
export function forgetInterruptWords(): void {
  leaves = null;
}

/** The command this process runs, as the person typed it: what "run it again" names. */
export function sameCommand(): string {
  return ['npx appdeploy', ...process.argv.slice(2).map(shellWord)].join(' ');
}

/** The one line printed on an interrupt no command handles itself. */
export function interruptedLine(signal: string): string {
  return `Interrupted (${signal}): ${leaves ?? 'stopped before finishing.'}`;
}

/**
 * What bin.ts runs on such an interrupt before it exits: the line on stderr, and this process's
 * temporary files of atomic writes under way removed (the target keeps its old content, whole).
 * Returns the exit code.
 */
export function interrupted(signal: string): ExitCode {
  removeTempsInFlight();
  process.stderr.write(`\n${interruptedLine(signal)}\n`);
  return EXIT.INTERRUPTED;
}
