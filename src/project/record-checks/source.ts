/**
 * A record file read: its records as plain data and where each part of them is, for problems with
 * file:line:col. YAML and JSON (JSON is read as YAML: the yaml package parses it, with the same
 * locations); CSV in csv.ts.
 */
import { extname } from 'node:path';
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import { problem, type Path, type Problem } from '../problems.js';
import { readTextFile } from '../read-file.js';
import type { Location } from '../yaml-location.js';
import { readCsvRecords } from './csv.js';

/** Record files hold data: larger than a manifest, still bounded (10,000 records of a few fields). */
export const MAX_RECORD_FILE_BYTES = 64 * 1024 * 1024;

export interface RecordSource {
  /** As problems name it. */
  file: string;
  /** A CSV file: every value is a cell's text (plainToWrite's `csv`). */
  csv: boolean;
  /** The records, or null when the file could not be read as a list (its problem says why). */
  records: unknown[] | null;
  /** Where the value (or its key) at `path` is; the nearest part that exists otherwise. */
  locate(path: Path, at?: 'key' | 'value'): Location;
  /**
   * The text a value was written as (a YAML or JSON scalar's source, such as a number literal):
   * what the reader's value may have lost digits of. Undefined for a CSV cell (kept as text).
   */
  literal?(path: Path): string | undefined;
  problems: Problem[];
  text: string;
}

export async function readRecordFile(
  path: string,
  file: string,
  /** The line of appdeploy.yaml naming the file, where a file that cannot be read is reported. */
  namedAt: Location = { file, line: 1, col: 1 },
): Promise<RecordSource> {
  const failed = (message: string, hint: string): RecordSource => {
    const at = namedAt;
    return {
      file,
      csv: false,
      records: null,
      locate: () => at,
      problems: [problem('RECORDS.FILE', message, at, { hint })],
      text: '',
    };
  };
  const read = await readTextFile(path, MAX_RECORD_FILE_BYTES, 'records');
  if (!read.ok) {
    if (read.code === 'FILE.NOT_FOUND' || read.code === 'FILE.NOT_A_FILE')
      return failed(
        `records.file: no such file ${file}`,
        'Write the record file, or correct `records.file`.',
      );
    if (read.code === 'FILE.TOO_LARGE')
      return failed(
        `records.file: ${file} is larger than ${MAX_RECORD_FILE_BYTES / 1024 / 1024} MB`,
        'Split the records, or keep fewer.',
      );
    // Not UTF-8 (a CSV saved from a spreadsheet as Shift_JIS or Latin-1), or unreadable: said
    // here, rather than read with replacement characters that validate would then pass as values.
    return failed(`records.file: ${file} ${read.message}`, read.hint);
  }
  const text = read.text;
  return extname(path).toLowerCase() === '.csv' ? readCsvRecords(text, file) : readYamlRecords(text, file);
}

export function readYamlRecords(text: string, file: string): RecordSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const at = (offset: number): Location => {
    const pos = lines.linePos(offset);
    return { file, line: pos.line, col: pos.col };
  };
  const base = { file, csv: false, text };
  const errors = doc.errors.map((e) =>
    problem('YAML.SYNTAX', `${e.message.split('\n')[0] ?? ''}`, at(e.pos[0]), {
      hint: 'Fix the YAML (or JSON) syntax.',
    }),
  );
  if (errors.length > 0) return { ...base, records: null, locate: () => at(0), problems: errors };
  const aliases = aliasProblems(doc, at);
  if (aliases.length > 0) return { ...base, records: null, locate: () => at(0), problems: aliases };
  const value = toData(doc, at);
  if (!value.ok) return { ...base, records: null, locate: () => at(0), problems: [value.problem] };
  const locate = (path: Path, where: 'key' | 'value' = 'value'): Location => {
    const found = nodeAt(doc.contents, path, where);
    return at(found?.range?.[0] ?? 0);
  };
  const literal = (path: Path): string | undefined => {
    const found = nodeAt(doc.contents, path, 'value');
    return isScalar(found) && typeof found.source === 'string' ? found.source : undefined;
  };
  if (!Array.isArray(value.data))
    return {
      ...base,
      records: null,
      locate,
      problems: [
        problem('RECORDS.NOT_A_LIST', 'a record file is a list of records', locate([]), {
          hint: 'Write one `- field: value` item per record.',
        }),
      ],
    };
  return { ...base, records: value.data, locate, literal, problems: [] };
}

/** How many aliases a record file may expand: yaml's guard against an alias bomb. */
const MAX_ALIAS_COUNT = 100;

/**
 * An alias that names no anchor: yaml's toJS throws on it (a ReferenceError, which reached the
 * user as a bug), so each is a problem at the alias, as validate says of a manifest's.
 */
function aliasProblems(doc: Document, at: (offset: number) => Location): Problem[] {
  const out: Problem[] = [];
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) === undefined)
        out.push(
          problem('YAML.ALIAS_LOOP', `alias *${node.source} names no anchor`, at(node.range?.[0] ?? 0), {
            hint: 'An alias must name an anchor (&name) defined earlier in the file.',
          }),
        );
    },
  });
  return out;
}

/** The file's data; the one error toJS throws left (too many aliases) is a problem at the first. */
function toData(
  doc: Document,
  at: (offset: number) => Location,
): { ok: true; data: unknown } | { ok: false; problem: Problem } {
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let first = 0;
    visit(doc, {
      Alias(_, node) {
        first = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    return {
      ok: false,
      problem: problem(
        'YAML.ALIAS_LIMIT',
        `anchors and aliases expand to more than ${MAX_ALIAS_COUNT} values`,
        at(first),
        { hint: 'Write the repeated records out, or use fewer nested aliases.' },
      ),
    };
  }
}

/** The node at `path` (its key node with `'key'`), or the deepest one on the way there. */
function nodeAt(root: unknown, path: Path, where: 'key' | 'value'): Node | null {
  let node = root as Node | null;
  for (const [i, step] of path.entries()) {
    const last = i === path.length - 1;
    if (isSeq(node) && typeof step === 'number') {
      const item = node.items[step] as Node | undefined;
      if (!item) return node;
      node = item;
    } else if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(step),
      );
      if (!pair) return node;
      if (last && where === 'key') return pair.key as Node;
      node = (pair.value as Node | null) ?? (pair.key as Node);
    } else return node;
  }
  return node;
}
