/**
 * The text rendering is built as lines that know their depth and action marker, and is laid out
 * only at the end: the terminal, the Markdown diff block and the colour choice all lay out the
 * same lines, so the three cannot drift apart.
 */

/** `+` add, `~` change (a rename included), `-` remove, `-/+` replace. */
export type Marker = '+' | '~' | '-' | '-/+';

export interface Line {
  /** Nesting level: each level indents by four columns, as Terraform does. */
  depth: number;
  /** The action marker, set in a three-column gutter before the text; null for `}` and comments. */
  marker: Marker | null;
  text: string;
  /** A comment after the text (`data kept`), written as `  # data kept`. */
  note?: string;
  /** A heading comment (`# app "deals" (id 13) will be updated`): in the gutter, and bold. */
  heading?: boolean;
}

export const BLANK: Line = { depth: 0, marker: null, text: '' };

const ANSI = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
} as const;

export type Paint = (text: string, style: 'bold' | 'red' | 'green' | 'yellow') => string;

export const noPaint: Paint = (text) => text;

export const ansiPaint: Paint = (text, style) => `${ANSI[style]}${text}${ANSI.reset}`;

function paintMarker(marker: Marker, paint: Paint): string {
  switch (marker) {
    case '+':
      return paint(marker, 'green');
    case '~':
      return paint(marker, 'yellow');
    case '-':
      return paint(marker, 'red');
    case '-/+':
      // Terraform's colours: the removal half red, the addition half green.
      return `${paint('-', 'red')}/${paint('+', 'green')}`;
    default: {
      const unreachable: never = marker;
      return unreachable;
    }
  }
}

/** One line laid out: `indent`, the marker right-aligned in its gutter, the text, the note. */
export function layoutLine(line: Line, paint: Paint): string {
  if (line.text === '') return '';
  const indent = ' '.repeat(line.depth * 4);
  if (line.heading) return `${indent}  ${paint(line.text, 'bold')}`;
  const gutter =
    line.marker === null
      ? '    '
      : `${' '.repeat(3 - line.marker.length)}${paintMarker(line.marker, paint)} `;
  const note = line.note === undefined ? '' : `  # ${line.note}`;
  return `${indent}${gutter}${line.text}${note}`;
}

/**
 * One line of a ```diff block: GitHub colours a diff by its first column only, so each line gets
 * a column of its own in front (`+` green, `-` red, `!` for a change or a replace), and the
 * indented marker stays where the terminal shows it.
 */
export function diffLine(line: Line): string {
  const text = layoutLine(line, noPaint);
  if (text === '') return '';
  const column = line.marker === '+' ? '+' : line.marker === '-' ? '-' : line.marker === null ? ' ' : '!';
  return `${column}${text}`;
}
