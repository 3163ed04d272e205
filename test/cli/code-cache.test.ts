/**
 * The bundled CLI's loader (src/cli/code-cache.ts): CommonJS chunks that require one another and
 * node's modules, compiled with the V8 cache their last run left. Checked here on a two-file
 * bundle of the test's own (what the cache saves in time is bench/startup.bench.mjs's to say),
 * and on the built CLI, run twice as a user runs it.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeCacheLoader, codeCacheDirectory } from '../../src/cli/code-cache.js';
import { pathToFileURL } from 'node:url';
import { appdeploy, ROOT, runCommand, tempDir } from '../support/cli.js';

let dir = '';
beforeEach(async () => {
  dir = await tempDir('code-cache');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A bundle of two chunks: main.cjs requires ./part.cjs and node:path. */
function writeBundle(): string {
  const bundle = join(dir, 'bundle');
  mkdirSync(bundle);
  writeFileSync(
    join(bundle, 'main.cjs'),
    "const { join } = require('node:path');\nconst part = require('./part.cjs');\nexports.answer = () => join('a', part.word());\n",
  );
  writeFileSync(join(bundle, 'part.cjs'), "exports.word = () => 'b';\n");
  return join(bundle, 'main.cjs');
}

/**
 * `main`'s answer loaded by a loader in a process of its own, which then saves: V8 takes a cache
 * only in an isolate that has not compiled the same source already (its own in-memory cache comes
 * first), so what a next command sees is seen from a next process.
 */
async function loadInChild(main: string, cache: string): Promise<string> {
  const loader = pathToFileURL(join(ROOT, 'dist/cli/code-cache.js')).href;
  const script = [
    `import { CodeCacheLoader } from ${JSON.stringify(loader)};`,
    `const loader = new CodeCacheLoader(${JSON.stringify(cache)});`,
    `process.stdout.write(loader.load(${JSON.stringify(main)}).answer());`,
    'loader.save();',
  ].join('\n');
  const run = await runCommand(process.execPath, ['--input-type=module', '-e', script], dir);
  expect(run.code).toBe(0);
  return run.stdout;
}

/** The loader's folder for this node (its version and architecture) under `cache`. */
function nodeFolder(cache: string): string {
  return join(cache, `${process.version}-${process.arch}`);
}

/** The cache files of the loader's folder for this node. */
function cacheFiles(cache: string): string[] {
  return readdirSync(nodeFolder(cache)).sort();
}

describe('where the cache lives', () => {
  it.each<[string, NodeJS.ProcessEnv, string | null]>([
    ['the user cache folder under the home', {}, '/home/ana/.cache/appdeploy/code-cache'],
    ['XDG_CACHE_HOME when set', { XDG_CACHE_HOME: '/var/cache/ana' }, '/var/cache/ana/appdeploy/code-cache'],
    ['APPDEPLOY_CODE_CACHE over both', { APPDEPLOY_CODE_CACHE: '/tmp/cc', XDG_CACHE_HOME: '/x' }, '/tmp/cc'],
    ['nowhere with APPDEPLOY_CODE_CACHE=off', { APPDEPLOY_CODE_CACHE: 'off' }, null],
  ])('%s', (_, env, expected) => {
    expect(codeCacheDirectory(env, () => '/home/ana')).toBe(expected);
  });

  it('nowhere when there is no home folder', () => {
    const noHome = () => {
      throw new Error('no home');
    };
    expect(codeCacheDirectory({}, noHome)).toBeNull();
  });
});

describe('loading through the cache', () => {
  it('loads the chunks, writes a cache for each at save, and the next load takes them', async () => {
    const main = writeBundle();
    const cache = join(dir, 'cache');
    const first = new CodeCacheLoader(cache);
    expect((first.load(main) as { answer: () => string }).answer()).toBe(join('a', 'b'));
    first.save();
    const files = cacheFiles(cache);
    expect(files).toHaveLength(2);
    expect(files.map((f) => f.split('.cjs.')[0])).toEqual(['main', 'part']);

    // Taken, so not written again: the files are as the first run left them.
    const before = files.map((f) => readFileSync(join(nodeFolder(cache), f)));
    expect(await loadInChild(main, cache)).toBe(join('a', 'b'));
    const after = files.map((f) => readFileSync(join(nodeFolder(cache), f)));
    expect(after).toEqual(before);
  });

  it('compiles as usual past a cache V8 refuses, and writes a good one in its place', async () => {
    const main = writeBundle();
    const cache = join(dir, 'cache');
    const first = new CodeCacheLoader(cache);
    first.load(main);
    first.save();
    const folder = nodeFolder(cache);
    const mainCache = cacheFiles(cache).find((f) => f.startsWith('main.cjs.'))!;
    writeFileSync(join(folder, mainCache), 'not a V8 cache');

    expect(await loadInChild(main, cache)).toBe(join('a', 'b'));
    expect(readFileSync(join(folder, mainCache)).toString()).not.toBe('not a V8 cache');
    expect(cacheFiles(cache)).toHaveLength(2);
  });

  it('never gives a rebuilt chunk of the same length and time the cache of the old one', async () => {
    // npm sets every file of a package it installs to one fixed time, and V8 checks a cache only
    // against the source's length: a chunk of another version, as long as the last, must miss.
    const main = writeBundle();
    const part = join(dirname(main), 'part.cjs');
    const npmTime = new Date('1985-10-26T08:15:00Z');
    for (const file of [main, part]) utimesSync(file, npmTime, npmTime);
    const cache = join(dir, 'cache');
    expect(await loadInChild(main, cache)).toBe(join('a', 'b'));
    writeFileSync(part, "exports.word = () => 'c';\n");
    utimesSync(part, npmTime, npmTime);
    expect(await loadInChild(main, cache)).toBe(join('a', 'c'));
  });

  it('removes, when it writes, the caches of other chunks older than 30 days and temporary files older than an hour', () => {
    const main = writeBundle();
    const cache = join(dir, 'cache');
    const folder = nodeFolder(cache);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const old = join(folder, 'appdeploy-plan-OLD.cjs.1.2.3.4.v8');
    const recent = join(folder, 'appdeploy-apply-NEW.cjs.1.2.3.4.v8');
    // Temporary files of writes whose process was killed (atomic-write.ts names them so).
    const leftTemp = join(folder, 'appdeploy-plan-X.cjs.1.2.3.4.v8.4242.a1b2c3d4e5f6.tmp');
    const writingTemp = join(folder, 'appdeploy-plan-Y.cjs.1.2.3.4.v8.4243.a1b2c3d4e5f6.tmp');
    for (const file of [old, recent, leftTemp, writingTemp]) writeFileSync(file, 'x');
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    utimesSync(old, days(31), days(31));
    utimesSync(recent, days(29), days(29));
    utimesSync(leftTemp, days(2 / 24), days(2 / 24));
    const loader = new CodeCacheLoader(cache);
    loader.load(main);
    loader.save();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(leftTemp)).toBe(false);
    expect(existsSync(writingTemp)).toBe(true);
    expect(
      cacheFiles(cache).filter((f) => f.startsWith('main.cjs.') || f.startsWith('part.cjs.')),
    ).toHaveLength(2);
  });

  it('keeps, when it writes, four caches of a chunk name: its own and the newest others', () => {
    const main = writeBundle();
    const cache = join(dir, 'cache');
    const folder = nodeFolder(cache);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    // Six earlier builds of the same chunk (same name: same content, other files), a day apart,
    // and five of main.cjs, whose own cache this run writes.
    const copies = (chunk: string, count: number) =>
      Array.from({ length: count }, (_, i) => {
        const file = join(folder, `${chunk}.10.${i}.${i}.${i}.v8`);
        writeFileSync(file, 'x');
        utimesSync(file, days(i + 1), days(i + 1));
        return file;
      });
    const plan = copies('appdeploy-plan-H.cjs', 6);
    const mains = copies('main.cjs', 5);
    const loader = new CodeCacheLoader(cache);
    loader.load(main);
    loader.save();
    expect(plan.map((f) => existsSync(f))).toEqual([true, true, true, true, false, false]);
    expect(mains.map((f) => existsSync(f))).toEqual([true, true, true, false, false]);
    expect(cacheFiles(cache).filter((f) => f.startsWith('main.cjs.'))).toHaveLength(4);
  });

  it('runs without a cache where the folder cannot be made, and saving fails nothing', () => {
    const main = writeBundle();
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const loader = new CodeCacheLoader(join(blocked, 'cache'));
    expect((loader.load(main) as { answer: () => string }).answer()).toBe(join('a', 'b'));
    expect(() => loader.save()).not.toThrow();
  });

  it.runIf(typeof process.getuid === 'function')('leaves alone a cache folder others can write to', () => {
    const main = writeBundle();
    const cache = join(dir, 'cache');
    const folder = nodeFolder(cache);
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    const loader = new CodeCacheLoader(cache);
    expect((loader.load(main) as { answer: () => string }).answer()).toBe(join('a', 'b'));
    loader.save();
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('the built CLI', () => {
  it('writes its cache on the first run and answers the same on the next', async () => {
    const cache = join(dir, 'cli-cache');
    const project = join(ROOT, 'examples/helpdesk');
    const first = await appdeploy(['validate', '-C', project], dir, { APPDEPLOY_CODE_CACHE: cache });
    expect(first.code).toBe(0);
    const written = cacheFiles(cache);
    expect(written.some((f) => f.startsWith('main.cjs.'))).toBe(true);
    const second = await appdeploy(['validate', '-C', project], dir, { APPDEPLOY_CODE_CACHE: cache });
    expect(second).toMatchObject({ code: 0, stdout: first.stdout });
    expect(cacheFiles(cache)).toEqual(written);
  });

  it('writes nothing with APPDEPLOY_CODE_CACHE=off', async () => {
    const run = await appdeploy(['--help'], dir, {
      APPDEPLOY_CODE_CACHE: 'off',
      XDG_CACHE_HOME: join(dir, 'xdg'),
    });
    expect(run.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
