/** atomic-write.ts: a file written beside its target and renamed over it, both variants alike. */
import { spawnSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  atomicWrite,
  atomicWriteStreamed,
  atomicWriteSync,
  makeFolders,
  makeFoldersSync,
  removeTempsInFlight,
  type AtomicWriteOptions,
} from '../src/atomic-write.js';
import { existsSync } from 'node:fs';

type Write = (path: string, content: string | Uint8Array, options?: AtomicWriteOptions) => Promise<void>;

const VARIANTS: [string, Write][] = [
  ['atomicWrite', atomicWrite],
  // A throw in the executor rejects, as the async variant's failure does.
  [
    'atomicWriteSync',
    (path, content, options) =>
      new Promise<void>((resolve) => {
        atomicWriteSync(path, content, options);
        resolve();
      }),
  ],
  // In pieces, as a download arrives, after a first attempt cut part-way (restart drops it).
  [
    'atomicWriteStreamed',
    (path, content, options) =>
      atomicWriteStreamed(
        path,
        async (file) => {
          const bytes = typeof content === 'string' ? Buffer.from(content) : content;
          file.restart();
          file.write(Buffer.from('a first attempt, cut'));
          file.restart();
          for (let at = 0; at < bytes.length; at += 3) file.write(bytes.subarray(at, at + 3));
          await Promise.resolve();
        },
        options,
      ),
  ],
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Case {
  name: string;
  /** What is at the target before: a file's text, a folder holding one file, or nothing. */
  before: string | { folder: string } | null;
  content: string | Uint8Array;
  options?: AtomicWriteOptions;
  /** The target's text after, or the error's code when the write fails. */
  after: string | { error: string };
  mode?: number;
}

const CASES: Case[] = [
  { name: 'writes a new file', before: null, content: 'new', after: 'new' },
  { name: 'replaces a file', before: 'old, and longer than the new', content: 'new', after: 'new' },
  { name: 'writes bytes', before: 'old', content: new TextEncoder().encode('bytes'), after: 'bytes' },
  {
    name: 'gives the new file its mode',
    before: 'old',
    content: 'new',
    options: { mode: 0o600 },
    after: 'new',
    mode: 0o600,
  },
  // A rename over a folder fails (EISDIR) after the temporary file is written.
  {
    name: 'a failing rename leaves what was there',
    before: { folder: 'kept' },
    content: 'new',
    after: { error: 'EISDIR' },
  },
];

describe.each(VARIANTS)('%s', (_, write) => {
  it.each(CASES)('$name, and no temporary file behind', async (c) => {
    const target = join(dir, 'target');
    if (typeof c.before === 'string') await writeFile(target, c.before);
    if (c.before !== null && typeof c.before === 'object') {
      await mkdir(target);
      await writeFile(join(target, c.before.folder), 'inside');
    }
    const outcome = await write(target, c.content, c.options).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => ({ code: error.code, path: error.path }),
    );
    if (typeof c.after === 'string') {
      expect(outcome).toBeUndefined();
      expect(await readFile(target, 'utf8')).toBe(c.after);
    } else {
      // The error names the file the caller gave, not the temporary one.
      expect(outcome).toEqual({ code: c.after.error, path: target });
      expect(await readdir(target)).toEqual(['kept']);
    }
    if (c.mode !== undefined) expect((await stat(target)).mode & 0o777).toBe(c.mode);
    expect(await readdir(dir)).toEqual(['target']);
  });

  // Found by test/reliability/project-states.test.ts: `export` over a manifest that is a symlink
  // (apps/tickets.yaml -> ../shared/tickets.yaml) replaced the link with a file of its own, and
  // the file the link named, which the user keeps, stayed as it was.
  it.each([
    ['a link to a file', 'old'],
    ['a link to a file not there yet', null],
  ])('%s: the file the link names is written, and the link stays', async (_name, before) => {
    await mkdir(join(dir, 'shared'));
    await mkdir(join(dir, 'project'));
    if (before !== null) await writeFile(join(dir, 'shared', 'real.yaml'), before);
    await symlink('../shared/real.yaml', join(dir, 'project', 'link.yaml'));
    await write(join(dir, 'project', 'link.yaml'), 'new');
    expect((await lstat(join(dir, 'project', 'link.yaml'))).isSymbolicLink()).toBe(true);
    expect(await readFile(join(dir, 'shared', 'real.yaml'), 'utf8')).toBe('new');
    expect(await readdir(join(dir, 'project'))).toEqual(['link.yaml']);
    expect(await readdir(join(dir, 'shared'))).toEqual(['real.yaml']);
  });

  it('a folder that does not exist: the error, and nothing written', async () => {
    const target = join(dir, 'missing', 'target');
    await expect(write(target, 'new')).rejects.toMatchObject({ code: 'ENOENT', path: target });
    expect(await readdir(dir)).toEqual([]);
  });
});

/** A file of `size` bytes, every one `byte`: whole when its length and every byte agree. */
const filled = (byte: number, size = 4 * 1024 * 1024) => new Uint8Array(size).fill(byte);
const whole = (data: Buffer) => data.length === 4 * 1024 * 1024 && data.every((b) => b === data[0]);

describe('writes to the same path at once', () => {
  it('six at once: every read, during and after, finds one whole content', async () => {
    const target = join(dir, 'target');
    await writeFile(target, filled(0));
    let writing = true;
    const reads: boolean[] = [];
    const reader = (async () => {
      while (writing) reads.push(whole(await readFile(target)));
    })();
    await Promise.all([1, 2, 3, 4, 5, 6].map((byte) => atomicWrite(target, filled(byte))));
    writing = false;
    await reader;
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every(Boolean)).toBe(true);
    const after = await readFile(target);
    expect(whole(after) && after[0]! > 0).toBe(true);
    expect(await readdir(dir)).toEqual(['target']);
  });

  it('the sync variant while an async write is under way: one whole content', async () => {
    const target = join(dir, 'target');
    const pending = atomicWrite(target, filled(1));
    atomicWriteSync(target, filled(2));
    await pending;
    expect(whole(await readFile(target))).toBe(true);
    expect(await readdir(dir)).toEqual(['target']);
  });
});

/** The pid of a process that ran and ended: no process runs with it now (barring reuse). */
function endedPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  return ended.pid;
}

describe.each(VARIANTS)('%s after a process was killed between its write and its rename', (_, write) => {
  it("removes the temporary files a process no longer running left beside the target, and no one else's", async () => {
    const target = join(dir, 'target');
    const dead = endedPid();
    const leftovers = [`target.${dead}.0123456789ab.tmp`, `target.${dead}.ba9876543210.tmp`];
    // A write of a running process (this test's parent), another target's, and a look-alike.
    const kept = [
      `target.${process.ppid}.0123456789ab.tmp`,
      `other.${dead}.0123456789ab.tmp`,
      'target.notes',
    ];
    for (const name of [...leftovers, ...kept]) await writeFile(join(dir, name), 'half a file');
    await write(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await readdir(dir)).sort()).toEqual([...kept, 'target'].sort());
  });
});

describe('makeFolders and makeFoldersSync, as mkdir -p', () => {
  const variants: [string, (path: string) => Promise<void>][] = [
    ['makeFolders', (path) => makeFolders(path)],
    ['makeFoldersSync', (path) => new Promise<void>((resolve) => resolve(makeFoldersSync(path)))],
  ];
  const procfs = process.platform === 'linux' && existsSync('/proc/self');
  describe.each(variants)('%s', (_name, make) => {
    it.each([
      ['makes the missing folders of a path', 'a/b/c', undefined],
      ['leaves a folder that exists', 'there', undefined],
      ['refuses a file in the way with EEXIST', 'afile', 'EEXIST'],
      ['refuses a path through a file with ENOTDIR', 'afile/sub', 'ENOTDIR'],
    ])('%s', async (_case, path, code) => {
      await mkdir(join(dir, 'there'));
      await writeFile(join(dir, 'afile'), 'x');
      const made = make(join(dir, path));
      if (code === undefined) {
        await made;
        expect((await stat(join(dir, path))).isDirectory()).toBe(true);
      } else await expect(made).rejects.toMatchObject({ code });
    });

    // node's recursive mkdir loops for ever there: /proc answers ENOENT under a folder that exists.
    it.runIf(procfs)('refuses a folder the system takes no new one in (/proc) with ENOENT', async () => {
      await expect(make('/proc/appdeploy-test/sub')).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });
});

describe('removeTempsInFlight, as a process about to exit on Ctrl-C calls it (cli/interrupt.ts)', () => {
  it("removes the temporary file of a write under way, and leaves the target's old content whole", async () => {
    const target = join(dir, 'records.csv');
    await writeFile(target, 'old');
    // Large enough that the write is still under way when its temporary file is seen.
    const writing = atomicWrite(target, 'x'.repeat(64 * 1024 * 1024));
    const failed = writing.catch((error: unknown) => error);
    while (!(await readdir(dir)).some((name) => name.endsWith('.tmp')))
      await new Promise((r) => setImmediate(r));
    removeTempsInFlight();
    expect(await readdir(dir)).toEqual(['records.csv']);
    // The write itself then fails (its file is gone): what the process never waits for, exiting.
    expect(await failed).toBeInstanceOf(Error);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['records.csv']);
  });
});

describe('atomicWriteStreamed', () => {
  it("a fill that rejects part-way: the old content whole, nothing beside it, the fill's error", async () => {
    const target = join(dir, 'file.bin');
    await writeFile(target, 'old');
    const cut = new Error('connection cut');
    const outcome = atomicWriteStreamed(target, async (file) => {
      file.write(filled(7, 1024));
      await Promise.resolve();
      throw cut;
    });
    await expect(outcome).rejects.toBe(cut);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['file.bin']);
  });

  it("an empty content is an empty file; the fill's value is returned", async () => {
    const target = join(dir, 'empty');
    expect(await atomicWriteStreamed(target, () => Promise.resolve(42))).toBe(42);
    expect((await stat(target)).size).toBe(0);
  });

  it('Ctrl-C mid-fill (removeTempsInFlight): the target as it was, no temporary file', async () => {
    const target = join(dir, 'file.bin');
    await writeFile(target, 'old');
    let goOn: () => void = () => undefined;
    const writing = atomicWriteStreamed(target, async (file) => {
      file.write(filled(1, 1024));
      await new Promise<void>((resolve) => (goOn = resolve));
    });
    await new Promise((r) => setImmediate(r));
    expect((await readdir(dir)).some((name) => name.endsWith('.tmp'))).toBe(true);
    removeTempsInFlight();
    expect(await readdir(dir)).toEqual(['file.bin']);
    goOn();
    // The rename then fails (its file is gone): what the process never waits for, exiting.
    await expect(writing).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(target, 'utf8')).toBe('old');
  });
});
