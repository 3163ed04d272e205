/**
 * The order of writes that makes an uploaded file durable before anything names it
 * (docs/local-service.md, "Persistence"): its bytes go to a temporary name, are fsynced, renamed
 * to the content's name, and the blob folder is fsynced (so the rename itself survives a power
 * loss), all before the journal line that refers to the blob is written and fsynced. Without the
 * folder's fsync a power loss could keep the journal line and lose the file's name. The folders a
 * new data folder gets (and its journal) reach the disk too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

type Event = [op: 'write' | 'fsync' | 'rename', ...paths: string[]];
const events: Event[] = [];
const paths = new Map<number, string>();
let root = '';
const shown = (path: string) =>
  (relative(root, path) || '.').replace(/[0-9a-f]{64}/g, 'ID').replace(/ID\.[^/]*tmp$/, 'ID.tmp');

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const logged = {
    openSync: (...args: Parameters<typeof fs.openSync>) => {
      const fd = fs.openSync(...args);
      paths.set(fd, String(args[0]));
      return fd;
    },
    writeSync: (fd: number, ...rest: unknown[]) => {
      events.push(['write', shown(paths.get(fd) ?? '?')]);
      return (fs.writeSync as (...a: unknown[]) => number)(fd, ...rest);
    },
    fsyncSync: (fd: number) => {
      events.push(['fsync', shown(paths.get(fd) ?? '?')]);
      fs.fsyncSync(fd);
    },
    renameSync: (from: string, to: string) => {
      events.push(['rename', shown(from), shown(to)]);
      fs.renameSync(from, to);
    },
  };
  return { ...fs, ...logged, default: { ...fs, ...logged } };
});

const { Store } = await import('../../../src/emulator/store/store.js');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an uploaded file is on disk, its name included, before the journal names it', () => {
  it('temp file written and fsynced, renamed, blob folder fsynced; then the journal line', () => {
    root = mkdtempSync(join(tmpdir(), 'appdeploy-blob-order-'));
    const data = join(root, 'data');
    const store = Store.open(data);
    // A new data folder: it is named in its parent durably, as its journal and blob folder are in it.
    expect(events.filter(([op]) => op === 'fsync')).toEqual([
      ['fsync', '.'],
      ['fsync', 'data'],
      ['fsync', 'data'],
    ]);
    events.length = 0;

    const blob = store.blobs.put(Buffer.from('the quarterly report'));
    store.transaction(() => store.table('files').put('key', { blob }));
    expect(events).toEqual([
      ['write', 'data/blobs/ID.tmp'],
      ['fsync', 'data/blobs/ID.tmp'],
      ['rename', 'data/blobs/ID.tmp', 'data/blobs/ID'],
      ['fsync', 'data/blobs'],
      ['write', 'data/journal.jsonl'],
      ['fsync', 'data/journal.jsonl'],
    ]);

    // The same content again is on disk already: nothing more is written but the journal line.
    events.length = 0;
    store.blobs.put(Buffer.from('the quarterly report'));
    expect(events).toEqual([]);
    store.close();
  });
});
