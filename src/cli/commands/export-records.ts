/** `appdeploy export --records --app KEY`: the app's records into its record file (docs/records.md). */
import { InvalidArgumentError } from 'commander';
import { AppdeployError } from '../../errors.js';
import { exportRecords, type RecordsExportResult } from '../../export/index.js';
import type { CommandResult } from '../exit-codes.js';
import type { Io } from '../io.js';
import { interruptLeaves, sameCommand } from '../interrupt.js';
import { withProject, type ProjectFlags } from '../project-flags.js';

export interface RecordsFlags extends ProjectFlags {
  app: string[];
  space?: string;
  all?: boolean;
  key?: string;
  limit?: number;
  query?: string;
  mask?: string[];
  format: 'text' | 'json';
}

/**
 * `--limit N`, N at least 1: a limit of 0 would write an empty record file over the one there (and
 * some tools read 0 as "no limit"); every record is `--limit` left out.
 */
export function parseLimit(value: string): number {
  if (!/^0*[1-9]\d*$/.test(value))
    throw new InvalidArgumentError(
      'Give a whole number of records, at least 1, such as 100 (leave --limit out to export every record).',
    );
  return Number(value);
}

/**
 * `--mask a,b --mask c`: every code named, in order, once. A --mask naming no code (`--mask ""`,
 * `--mask ,`: a variable not set) is refused: the user meant some field masked, and the export
 * would have written every value as it is.
 */
export function collectCodes(value: string, previous: string[] = []): string[] {
  const codes = value
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (codes.length === 0)
    throw new InvalidArgumentError(
      'It names no field: give the codes of the fields to mask, comma-separated, such as --mask email,phone.',
    );
  return [...new Set([...previous, ...codes])];
}

export async function runRecordsExport(flags: RecordsFlags, io: Io): Promise<CommandResult> {
  const [app, ...more] = flags.app;
  if (app === undefined || more.length > 0 || flags.space !== undefined || flags.all === true)
    throw new AppdeployError(
      'EXPORT.RECORDS_APP',
      '--records exports the records of one app: give it one --app KEY',
      {
        hint: 'Pass --records --app KEY (a key of appdeploy.yaml), one app at a time.',
      },
    );
  // The record file is what this export writes: its current content is not checked first; the
  // `records:` setting it writes into is, and refuses the export when wrong.
  return withProject(
    { ...flags, checkRecordFiles: false, recordFiles: 'refuse' },
    io,
    async ({ project, connection }) => {
      interruptLeaves(
        `export stopped before it wrote the record file, which is as it was (it is written whole, at once). Run \`${sameCommand()}\` again.`,
      );
      const id = project.apps.find((a) => a.key === app)?.id ?? null;
      const { recordsHiddenFrom, visibilityFor } = await import('../../plan/index.js');
      // Said beside the export: a copy taken by a user the record permissions hide records from is partial.
      const hidden =
        id === null ? null : await recordsHiddenFrom(connection.client, id, visibilityFor(project));
      const result = await exportRecords({
        project,
        client: connection.client,
        app,
        key: flags.key,
        limit: flags.limit,
        query: flags.query,
        mask: flags.mask,
        maskKey: process.env.APPDEPLOY_MASK_KEY,
      });
      io.out(
        flags.format === 'json'
          ? `${JSON.stringify({ outcome: 'exported', exitCode: 0, ...result, hidden }, null, 2)}\n`
          : summary(result, hidden),
      );
      return { kind: 'exported', outcome: 'exported' };
    },
  );
}

function summary(r: RecordsExportResult, hidden: string | null): string {
  const records = `${r.records} record${r.records === 1 ? '' : 's'}`;
  const files = r.files > 0 ? ` and ${r.files} file${r.files === 1 ? '' : 's'}` : '';
  const entry = r.projectFileChanged ? `; appdeploy.yaml: apps.${r.app}.records added (key ${r.key})` : '';
  const leftOut =
    r.leftOut.length > 0 ? `\nNote: a CSV file cannot hold tables: ${r.leftOut.join(', ')} left out.` : '';
  const partial =
    hidden === null ? '' : `\nNote: ${hidden}: the file holds only the records the service showed.`;
  return `Exported ${records}${files} of ${r.app} to ${r.file}, keyed by ${r.key}${entry}.${leftOut}${partial}\n`;
}
