/**
 * A CSV record file: a header row of field codes, then one record per row. csv-parse (RFC 4180:
 * quoted cells may hold commas, quotes doubled, line breaks) reads it; where each cell starts is
 * found again in the row's raw text, so that a problem names the cell's line and column.
 */
import { parse } from 'csv-parse/sync';
import { problem, type Path, type Problem } from '../problems.js';
import type { Location } from '../yaml-location.js';
import type { RecordSource } from './source.js';

interface Row {
  cells: string[];
  /** Offset in the text where each cell starts. */
  starts: number[];
}

export function readCsvRecords(text: string, file: string): RecordSource {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const at = (offset: number): Location => {
    let line = lineStarts.length - 1;
    while (line > 0 && (lineStarts[line] ?? 0) > offset) line--;
    return { file, line: line + 1, col: offset - (lineStarts[line] ?? 0) + 1 };
  };
  let rows: Row[];
  try {
    rows = parseRows(text);
  } catch (error) {
    const said = quoteMistake(error as CsvError, text, at);
    const where = said?.where ?? { file, line: (error as CsvError).lines ?? 1, col: 1 };
    return {
      file,
      csv: true,
      records: null,
      locate: () => where,
      problems: [
        problem('RECORDS.CSV', said?.message ?? (error as Error).message, where, {
          hint: said?.hint ?? 'Fix the CSV: a header row of field codes, then one row per record.',
        }),
      ],
      text,
    };
  }
  const [header, ...body] = rows;
  const separated = otherSeparator(header, at);
  if (separated)
    return {
      file,
      csv: true,
      records: null,
      locate: () => ({ file, line: separated.line, col: separated.col }),
      problems: [separated],
      text,
    };
  const codes = header?.cells ?? [];
  const records = body.map((row) => Object.fromEntries(codes.map((code, i) => [code, row.cells[i] ?? ''])));
  const locate = (path: Path, where: 'key' | 'value' = 'value'): Location => {
    const [index, code] = path;
    const column = typeof code === 'string' ? codes.indexOf(code) : -1;
    if (typeof index !== 'number' || column < 0 || where === 'key')
      return at(
        column >= 0
          ? (header?.starts[column] ?? 0)
          : typeof index === 'number'
            ? (body[index]?.starts[0] ?? 0)
            : 0,
      );
    const row = body[index];
    return at(row?.starts[column] ?? row?.starts[0] ?? 0);
  };
  return { file, csv: true, records, locate, problems: shapeProblems(codes, header, body, at), text };
}

/** A column named twice in the header; a row with more cells than the header names. */
function shapeProblems(
  codes: readonly string[],
  header: Row | undefined,
  body: readonly Row[],
  at: (offset: number) => Location,
): Problem[] {
  const problems: Problem[] = [];
  for (const [i, code] of codes.entries())
    if (codes.indexOf(code) !== i)
      problems.push(
        problem('RECORDS.CSV', `the header names the column "${code}" twice`, at(header?.starts[i] ?? 0), {
          hint: 'Name each field once: a record has one value per field.',
        }),
      );
  for (const [index, row] of body.entries())
    if (row.cells.length > codes.length && row.cells.slice(codes.length).some((cell) => cell !== ''))
      problems.push(
        problem(
          'RECORDS.CSV',
          `[${index}]: ${row.cells.length} cells, but the header names ${codes.length} columns`,
          at(row.starts[codes.length] ?? 0),
          {
            hint: 'Give the extra cells a column in the header, or remove them.',
            path: [index],
          },
        ),
      );
  return problems;
}

function parseRows(text: string): Row[] {
  const parsed = parse(text, { raw: true, skip_empty_lines: true, relax_column_count: true }) as unknown as {
    record: string[];
    raw: string;
  }[];
  let cursor = 0;
  return parsed.map(({ record, raw }) => {
    const start = text.indexOf(raw, cursor);
    const offset = start < 0 ? cursor : start;
    cursor = offset + raw.length;
    return { cells: record, starts: cellStarts(raw, offset) };
  });
}

/** Where each cell of a row starts: after each comma outside quotes. */
function cellStarts(raw: string, offset: number): number[] {
  const starts = [offset];
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) starts.push(offset + i + 1);
  }
  return starts;
}

/** What csv-parse's errors carry: the line it stopped at, and the raw text of the record it was reading. */
interface CsvError extends Error {
  code?: string;
  lines?: number;
  raw?: string;
}

const QUOTE_HINT =
  'A cell holding a quote, comma or line break is quoted whole, with each quote in it written twice: "He said ""yes"", twice".';

/**
 * A quote out of place, located where the mistake is rather than where csv-parse stopped: a
 * quote never closed makes it read the rest of the file into one cell, and its line is the last
 * one (the error's `raw` runs from the record's start to the end of the text). The other two
 * stop at the quote (`raw` ends there), on the error's line.
 */
function quoteMistake(
  error: CsvError,
  text: string,
  at: (offset: number) => Location,
): { message: string; where: Location; hint: string } | null {
  const raw = error.raw;
  if (raw === undefined || raw === '') return null;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED' && text.endsWith(raw)) {
    const start = text.length - raw.length;
    const end = at(text.length - 1);
    return {
      message: `a quoted cell opened here is never closed: the file to its end (line ${end.line}) was read into it`,
      where: at(start + unclosedQuote(raw)),
      hint: `Close the quote at the end of the cell. ${QUOTE_HINT}`,
    };
  }
  const lastLine = raw.slice(raw.lastIndexOf('\n') + 1);
  if (error.code === 'INVALID_OPENING_QUOTE' && error.lines !== undefined)
    return {
      message: 'a quote inside a cell that does not start with one',
      where: { ...at(0), line: error.lines, col: lastLine.length },
      hint: QUOTE_HINT,
    };
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' && error.lines !== undefined)
    return {
      message: "text after a quoted cell's closing quote, before the next comma",
      where: { ...at(0), line: error.lines, col: lastLine.length + 1 },
      hint: QUOTE_HINT,
    };
  return null;
}

/** Where in a record's raw text the quote that is never closed opens. */
function unclosedQuote(raw: string): number {
  let quoted = false;
  let opened = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '"') continue;
    if (!quoted) opened = i;
    quoted = !quoted;
  }
  return opened;
}

/**
 * A header read as one cell holding semicolons or tabs: the file is separated by them, not by
 * commas (a spreadsheet set to a language that writes decimal commas saves CSV with `;`; a
 * copy from a spreadsheet pastes tabs). Every code then read as one unknown field, and the key
 * and required fields as missing: three problems, none saying what was wrong. Said once, at the
 * first separator. Found by trying a European spreadsheet's CSV on validate.
 */
function otherSeparator(header: Row | undefined, at: (offset: number) => Location): Problem | null {
  const only = header?.cells.length === 1 ? header.cells[0]! : '';
  const separator = [';', '\t'].find((s) => only.includes(s));
  if (separator === undefined) return null;
  const name = separator === ';' ? 'semicolons' : 'tabs';
  return problem(
    'RECORDS.CSV',
    `the header is one cell, ${JSON.stringify(only)}: the file's cells are separated by ${name}, not commas`,
    at((header?.starts[0] ?? 0) + only.indexOf(separator)),
    {
      hint: `Save the file as CSV with commas ("CSV UTF-8 (Comma delimited)"; a spreadsheet set to a language that writes decimal commas saves ${name === 'semicolons' ? 'semicolons' : 'them'}), or keep the records in YAML or JSON.`,
    },
  );
}
