/** The yes-question of commands that change or discard something, asked only of a person. */
import { createInterface } from 'node:readline/promises';
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

/** Asks on a terminal; without one, refuses, so a pipe or CI cannot say yes by accident. */
export async function confirmed(io: Io, question: Question): Promise<boolean> {
  if (!io.interactive) {
    io.err(
      `Error: ${question.command} asks for confirmation, and there is no terminal to ask on.\n  Pass --yes ${question.yesDoes}.\n`,
    );
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`\n${question.ask}`);
    if (answer.trim() === 'yes') return true;
    io.err(`${question.cancelled}\n`);
    return false;
  } finally {
    rl.close();
  }
}
