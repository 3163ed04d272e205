import { terminalText } from './terminal-text.js';

/** The terminal streams, passed to commands so tests can capture what they print. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Colour on stdout: a terminal, and no NO_COLOR (https://no-color.org). */
  readonly color?: boolean;
  /** Whether a person is at the keyboard (stdin and stderr are terminals): prompts may be asked. */
  readonly interactive?: boolean;
  /** stderr is a terminal: progress may redraw a live line there. */
  readonly liveProgress?: boolean;
  /** Where a prompt reads its answer (stdin unless a test hands in another stream). */
  readonly input?: NodeJS.ReadableStream;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  color: process.stdout.isTTY === true && !process.env.NO_COLOR,
  interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
  liveProgress: process.stderr.isTTY === true,
};

/**
 * `io` with every write shown safely (terminal-text.ts): a control character in what the CLI
 * prints shows as an escape, but for appdeploy's own colours and live line.
 */
export function terminalIo(io: Io): Io {
  return {
    ...io,
    out: (text) => io.out(terminalText(text, { colour: io.color === true })),
    err: (text) => io.err(terminalText(text, { liveLine: io.liveProgress === true })),
  };
}
