/**
 * The generated types against the official client (@kintone/rest-api-client), with the
 * TypeScript compiler: for every example, the modules generated into a folder of their own, a
 * program that reads, updates and adds records of each app compiles, and programs that name a
 * field the app does not have, or an option a field does not have, do not.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/index.js';
import { compileErrors } from './compile.js';
import { EXAMPLES, loadExample } from './examples.js';
import { goodSample, wrongCodeSample, wrongOptionSample } from './samples.js';

interface Sample {
  example: string;
  app: string;
  kind: 'good' | 'wrong code' | 'wrong option';
  path: string;
}

let dir = '';
const samples: Sample[] = [];
let diagnostics = new Map<string, string[]>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'appdeploy-typegen-'));
  for (const example of EXAMPLES) {
    const project = await loadExample(example);
    const out = join(dir, example, 'types');
    await mkdir(out, { recursive: true });
    for (const file of generateTypes(project)) await writeFile(join(out, file.name), file.text);
    for (const app of project.apps) {
      const module = `./types/${app.key}.js`;
      const write = async (kind: Sample['kind'], text: string | null) => {
        if (text === null) return;
        const path = join(dir, example, `${app.key}.${kind.replace(' ', '-')}.ts`);
        await writeFile(path, text);
        samples.push({ example, app: app.key, kind, path });
      };
      await write('good', goodSample(app, module));
      await write('wrong code', wrongCodeSample(module));
      await write('wrong option', wrongOptionSample(app, module));
    }
  }
  diagnostics = compileErrors(samples.map((s) => s.path));
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generated types with @kintone/rest-api-client', () => {
  it('has samples of every example, and a wrong option where an app has a choice field', () => {
    expect(new Set(samples.map((s) => s.example))).toEqual(new Set(EXAMPLES));
    expect(samples.filter((s) => s.kind === 'wrong option').length).toBeGreaterThan(0);
  });

  it.each(EXAMPLES)('%s: reading, updating and adding records compiles', (example) => {
    for (const sample of samples.filter((s) => s.example === example && s.kind === 'good'))
      expect({ app: sample.app, errors: diagnostics.get(sample.path) }).toEqual({
        app: sample.app,
        errors: [],
      });
  });

  it.each(EXAMPLES)(
    '%s: a field code the app does not have fails to compile, where it is used',
    (example) => {
      for (const sample of samples.filter((s) => s.example === example && s.kind === 'wrong code')) {
        const errors = diagnostics.get(sample.path) ?? [];
        // The read, the write and the code: each is an error of its own.
        expect(errors.length, sample.app).toBe(3);
        for (const error of errors) expect(error).toContain('no_such_field');
      }
    },
  );

  it.each(EXAMPLES)('%s: an option a field does not have fails to compile', (example) => {
    for (const sample of samples.filter((s) => s.example === example && s.kind === 'wrong option')) {
      const errors = diagnostics.get(sample.path) ?? [];
      expect(errors.length, sample.app).toBe(1);
      expect(errors[0]).toContain('No such option');
    }
  });
});
