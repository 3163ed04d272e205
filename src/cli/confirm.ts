/** The yes-question of commands that change or discard something, asked only of a person. */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { AppdeployError } from '../errors.js';
import type { Io } from './io.js';

export interface Question {
  /** The command, for the refusal: `apply asks for confirmation ...`. */
  command: string;
  /** What `--yes` does, for the refusal's hint: `to apply`. */
  yesDoes: string;
  /** The question, ending in what to type: `Enter yes to apply: `. */
  ask: string;
  /** Said when the answer is not yes. */
  cancelled: string;
}

/**
 * The person stopped the command before it wrote anything: said plainly, without "Error", and
 * exits as a shell reports Ctrl-C (exit-codes.ts, EXIT.INTERRUPTED).
 */
export class InterruptedError extends AppdeployError {
  constructor(message: string) {
    super('CONFIRM.INTERRUPTED', message);
  }
}

/**
 * Asks on a terminal; without one, refuses (CONFIRM.NO_TERMINAL, an error: under `--format json`
 * it is the JSON object on stdout), so a pipe or CI cannot say yes by accident. Ctrl-C
 * or Ctrl-D at the question, or an input that ends, is an interrupt (exit 130): nothing was
 * written yet, and the person asked to stop, which is neither a "no" nor a bug.
 */
export async function confirmed(io: Io, question: Question): Promise<boolean> {
  if (!io.interactive)
    throw new AppdeployError(
      'CONFIRM.NO_TERMINAL',
      `${question.command} asks for confirmation, and there is no terminal to ask on.`,
      { hint: `Pass --yes ${question.yesDoes}.` },
    );
  const answer = await ask(io, question.ask);
  if (answer === null) {
    io.err('\n');
    throw new InterruptedError(`${question.command} interrupted at the question: nothing was changed.`);
  }
  if (answer.trim() === 'yes') return true;
  io.err(`${question.cancelled}\n`);
  return false;
}

/**
 * The answer, or null when the person interrupts: readline rejects the question with an
 * AbortError on Ctrl-C and Ctrl-D of a terminal, and leaves it pending forever when the input
 * ends, so its close is awaited too.
 */
async function ask(io: Io, text: string): Promise<string | null> {
  const input = io.input ?? process.stdin;
  // The question and the echo go where the command's other messages to the person go.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      io.err(chunk.toString());
      done();
    },
  });
  const rl = createInterface({ input, output, terminal: (input as { isTTY?: boolean }).isTTY === true });
  const closed = new Promise<null>((resolve) => rl.once('close', () => resolve(null)));
  try {
    return await Promise.race([
      rl.question(`\n${text}`).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'AbortError') return null;
        throw error;
      }),
      closed,
    ]);
  } finally {
    rl.close();
  }
}
