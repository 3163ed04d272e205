/**
 * What the CLI prints passes here last (main wraps its Io): text from manifests, record files,
 * file names and the service's answers lands in a terminal, a CI log or a pull-request comment,
 * where a control character acts instead of showing. An ESC sequence can set the window title,
 * clear the screen or rewrite earlier lines, a carriage return overwrites the line it is on (a
 * refusal shown as "ok"), a C1 control is a CSI of its own on terminals that read 8-bit controls,
 * and a bidi override shows text in another order than it is (CVE-2021-42574, "Trojan Source").
 * Each shows as JSON's escape (`\u001b`): visible, and inside a JSON string it reads back as the
 * same character, so `--format json` stays exact.
 *
 * appdeploy's own sequences stay: its colours (render/lines.ts's palette) on a stdout that shows
 * colour, and the live progress line's "return and clear" at the start of a write on a stderr
 * that is a terminal (apply-progress.ts, export's progress). A sequence someone's text spells out
 * the same way is shown as it is there, in colour: it cannot move the cursor or rewrite a line.
 */

/** C0 but tab and line feed, DEL, C1, the bidi marks, embeddings, overrides and isolates, U+2028/2029. */
const UNSAFE =
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]';
/** The palette of render/lines.ts: reset, bold, red, green, yellow. */
const OWN_COLOURS = '\\u001b\\[(?:0|1|3[123])m';
const CLEAR_LINE = '\r\u001b[K';

const plain = new RegExp(UNSAFE, 'g');
const coloured = new RegExp(`${OWN_COLOURS}|${UNSAFE}`, 'g');

export interface OwnSequences {
  /** Keep the palette's colours (stdout shows colour). */
  colour?: boolean;
  /** Keep a "return and clear the line" that starts the write (a live progress line on a terminal). */
  liveLine?: boolean;
}

export function terminalText(text: string, own: OwnSequences): string {
  const lead = own.liveLine === true && text.startsWith(CLEAR_LINE) ? CLEAR_LINE : '';
  const rest = text
    .slice(lead.length)
    .replace(own.colour === true ? coloured : plain, (found) => (found.length > 1 ? found : escape(found)));
  return lead + rest;
}

function escape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
