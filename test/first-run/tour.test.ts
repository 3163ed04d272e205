/**
 * The README's five-minute tour, run as written: the block is read from README.md (not copied
 * here), each line runs in a shell in a temporary folder holding a copy of examples/, and `npx`
 * is a shim that runs the built CLI (`npx appdeploy ...` -> `node dist/cli/bin.js ...`), as it
 * does in a checkout. Every command must exit 0 and print the text its `# ...` comment names.
 */
import { chmod, cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCommand } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';
import { markedBlock, splitComment } from './readme-blocks.js';

const TOUR = markedBlock('tour').map(splitComment);
let env: NodeJS.ProcessEnv = {};

const dir = useTempDir('tour', async (d) => {
  await cp(join(ROOT, 'examples'), join(d, 'examples'), {
    recursive: true,
    filter: (source) => !source.includes('.appdeploy'),
  });
  const bin = join(d, '.bin');
  await mkdir(bin);
  const shim = join(bin, 'npx');
  await writeFile(
    shim,
    `#!/bin/sh\n[ "$1" = appdeploy ] || exit 127\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`,
  );
  await chmod(shim, 0o755);
  env = { PATH: `${bin}:${process.env.PATH ?? ''}` };
});

describe('the README tour', () => {
  it('is plan, apply, seed, a field changed, plan, apply, export, in that order', () => {
    const commands = TOUR.map((step) => step.command);
    const order = [
      'appdeploy plan',
      'appdeploy apply',
      'appdeploy seed',
      'sed ',
      'appdeploy plan',
      'appdeploy apply',
      'appdeploy export',
    ];
    let from = 0;
    for (const part of order) {
      const at = commands.findIndex((command, i) => i >= from && command.includes(part));
      expect(at, `"${part}" after step ${from}`).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
  });

  it('runs as written, each step exiting 0 with its key line', async () => {
    let cwd = dir();
    for (const { command, expect: wanted } of TOUR) {
      const cd = /^cd (\S+)$/.exec(command);
      if (cd?.[1]) {
        cwd = resolve(cwd, cd[1]);
        continue;
      }
      const result = await runCommand('sh', ['-c', command], cwd, env);
      const output = result.stdout + result.stderr;
      expect(result.code, `${command}\n${output}`).toBe(0);
      if (wanted !== undefined) expect(output, command).toContain(wanted);
    }
  }, 240_000);
});
