/**
 * `export --records --limit N` takes a whole number of at least 1: `--limit 0` wrote an empty list
 * over the record file (every record of it gone from the working copy), and some tools read 0 as
 * "no limit". Refused before anything is read or written, the file left as it was.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.js';
import { tempProject } from '../support/temp-project.js';

const RECORDS = '- task_id: T-1\n  title: One\n';
let root = '';
afterEach(async () => rm(root, { recursive: true, force: true }));

describe('export --records --limit', () => {
  it.each(['0', '00', '-3', '1.5', 'abc'])(
    'refuses --limit %s and leaves the record file alone',
    async (limit) => {
      root = await tempProject('appdeploy-export-limit-', { 'records/tasks.yaml': RECORDS });
      const run = await runMain(['export', '--records', '--app', 'tasks', '--limit', limit, '-C', root]);
      expect(run.code).toBe(1);
      expect(run.err).toContain(
        `option '--limit <n>' argument '${limit}' is invalid. Give a whole number of records, at least 1, such as 100 (leave --limit out to export every record).`,
      );
      expect(await readFile(join(root, 'records/tasks.yaml'), 'utf8')).toBe(RECORDS);
    },
  );
});
