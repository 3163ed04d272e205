/**
 * One drawn project: an app whose name, field codes, labels, option names and view name come from
 * texts.ts, and a record file (YAML, JSON or CSV) of records whose keys and values do too, saved
 * with a drawn BOM and line ending.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Draw } from '../apply-sequences/pick.js';
import { CODES, TEXTS } from './texts.js';

export interface Drawn {
  /** What was drawn, for the failure's log. */
  said: string[];
  format: 'yaml' | 'json' | 'csv';
  /** The record file is UTF-16LE: validate refuses it. */
  utf16: boolean;
  /** The key field's code. */
  keyCode: string;
  files: Record<string, string | Buffer>;
}

/** Line endings: Unix, Windows, and classic Mac's lone CR (Excel for Mac's "CSV (Macintosh)"). */
const ENDINGS = { LF: '\n', CRLF: '\r\n', CR: '\r' } as const;

export function drawProject(d: Draw): Drawn {
  const said: string[] = [];
  const text = (what: string): string => {
    const name = d.pick(Object.keys(TEXTS))!;
    said.push(`${what}: ${name}`);
    return TEXTS[name]!;
  };
  const [keyCode, textCode, choiceCode] = shuffled(d, CODES).slice(0, 3) as [string, string, string];
  const options = [...new Set([text('option 1'), text('option 2'), '通常'])];
  const manifest = {
    name: text('app name'),
    fields: {
      [keyCode]: { type: 'SINGLE_LINE_TEXT', label: text('key label'), unique: true, required: true },
      [textCode]: { type: 'MULTI_LINE_TEXT', label: text('text label') },
      添付: { type: 'FILE', label: text('file label') },
      [choiceCode]: {
        type: 'DROP_DOWN',
        label: text('choice label'),
        options: Object.fromEntries(options.map((o, index) => [o, { label: o, index }])),
      },
    },
    views: {
      [text('view name').replace(/[\r\n]/g, ' ')]: { type: 'LIST', fields: [keyCode, textCode], index: 0 },
    },
  };
  const keys = [
    ...new Set([text('key 1').replace(/[\r\n]/g, ' '), 'K-2', text('key 3').replace(/[\r\n]/g, ' ')]),
  ];
  const format = d.pick(['yaml', 'json', 'csv'] as const)!;
  // The attachment's name as macOS writes it on disk (NFD) or as an editor writes it (NFC).
  const attachment = '契約書_が.txt';
  const diskForm = d.pick(['NFC', 'NFD'] as const)!;
  const writtenForm = d.pick(['NFC', 'NFD'] as const)!;
  const records = keys.map((key, i) => ({
    ...(i === 0
      ? {
          添付:
            format === 'csv'
              ? `files/${attachment.normalize(writtenForm)}`
              : [{ path: `files/${attachment.normalize(writtenForm)}` }],
        }
      : {}),
    [keyCode]: key,
    [textCode]: text(`value ${i + 1}`),
    [choiceCode]: d.pick(options)!,
  }));
  const ending = d.pick(Object.keys(ENDINGS) as (keyof typeof ENDINGS)[])!;
  const bom = d.chance(0.5) ? '\ufeff' : '';
  // A CSV saved by Excel's "Unicode text" now and then: refused, naming the file and UTF-16LE.
  const utf16 = format === 'csv' && d.chance(0.25);
  said.push(
    `attachment ${diskForm} on disk, ${writtenForm} in the file; codes ${keyCode}, ${textCode}, ${choiceCode}; records as ${format}${utf16 ? ' in UTF-16LE' : ''}, ${ending}${bom ? ', BOM' : ''}`,
  );
  const save = (content: string) => bom + content.replace(/\n/g, ENDINGS[ending]);
  return {
    said,
    format,
    utf16,
    keyCode,
    files: {
      [`records/files/${attachment.normalize(diskForm)}`]: 'a contract\n',
      'appdeploy.yaml': save(
        [
          'environments:',
          '  local: {}',
          'apps:',
          '  a:',
          '    manifest: apps/a.yaml',
          `    records: { file: records/a.${format}, key: ${JSON.stringify(keyCode)} }`,
          '',
        ].join('\n'),
      ),
      // JSON is YAML: every string in it is written exactly, whatever it holds.
      'apps/a.yaml': save(`${JSON.stringify(manifest, null, 2)}\n`),
      [`records/a.${format}`]:
        format !== 'csv'
          ? save(`${JSON.stringify(records, null, 2)}\n`)
          : utf16
            ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(records), 'utf16le')])
            : csv(records),
    },
  };
}

/** RFC 4180, every cell quoted: a cell's own line breaks are its text, the rows end in CRLF. */
function csv(records: Record<string, unknown>[]): string {
  // A CSV cell is text: the attachment is its path, not a list.
  const codes = Object.keys(records[0]!);
  const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
  return (
    [codes, ...records.map((r) => codes.map((c) => (r[c] as string | undefined) ?? ''))]
      .map((row) => row.map(cell).join(','))
      .join('\r\n') + '\r\n'
  );
}

function shuffled<T>(d: Draw, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(d.rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function writeProject(dir: string, files: Drawn['files']): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}
