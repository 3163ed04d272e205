import { terminalText } from './terminal-text.js';

/** The terminal streams, passed to commands so tests can capture what they print. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Colour on stdout (wantsColor): a terminal, and no NO_COLOR; or FORCE_COLOR. */
  readonly color?: boolean;
  /** Whether a person is at the keyboard (stdin and stderr are terminals): prompts may be asked. */
  readonly interactive?: boolean;
  /** stderr is a terminal: progress may redraw a live line there. */
  readonly liveProgress?: boolean;
  /** Where a prompt reads its answer (stdin unless a test hands in another stream). */
  readonly input?: NodeJS.ReadableStream;
}

/**
 * Whether stdout gets colour. FORCE_COLOR, as node reads it (lib/internal/tty.js getColorDepth),
 * wins: set to nothing, 1, 2, 3 or true, colour even into a pipe (a CI log that renders it, as
 * GitHub Actions' does); set to anything else (0, false), none. Then NO_COLOR set and not empty
 * (https://no-color.org) or TERM=dumb: none. Else colour on a terminal only.
 */
export function wantsColor(env: Readonly<Record<string, string | undefined>>, terminal: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return ['', '1', '2', '3', 'true'].includes(force);
  if ((env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb') return false;
  return terminal;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  color: wantsColor(process.env, process.stdout.isTTY === true),
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
