/**
 * The tour's copy of an example keeps its editor completion (issue 33 item 13): the `$schema`
 * modelines of the example's files are relative paths, so the copy the README makes must sit as
 * deep as examples/<name> does. The tour's lines up to its `cd` run in a folder laid out as the
 * repository (examples/ and schema/), and every modeline of the copy names a schema there.
 */
import { existsSync, readdirSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCommand } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';
import { markedBlock, splitComment } from './readme-blocks.js';

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/m;
const dir = useTempDir('tour-schema', async (d) => {
  for (const folder of ['examples', 'schema'])
    await cp(join(ROOT, folder), join(d, folder), { recursive: true });
});

function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '.appdeploy' ? [] : yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

describe("the tour's copy of the helpdesk example", () => {
  it('keeps $schema modelines that name the schemas', async () => {
    const lines = markedBlock('tour').map((line) => splitComment(line).command);
    const cd = lines.findIndex((line) => line.startsWith('cd '));
    expect(cd).toBeGreaterThan(0);
    for (const line of lines.slice(0, cd))
      expect((await runCommand('sh', ['-c', line], dir())).code, line).toBe(0);
    const project = resolve(dir(), /^cd (\S+)$/.exec(lines[cd]!)![1]!);
    const files = yamlFiles(project);
    const named = [];
    for (const file of files) {
      const target = MODELINE.exec(await readFile(file, 'utf8'))?.[1];
      if (target === undefined) continue;
      named.push(file);
      expect(existsSync(resolve(dirname(file), target)), `${file}: ${target}`).toBe(true);
    }
    // appdeploy.yaml, the manifest and the record file.
    expect(named.length).toBeGreaterThanOrEqual(3);
  });
});
