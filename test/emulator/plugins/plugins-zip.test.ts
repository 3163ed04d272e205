import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readZip, ZipError } from '../../../src/emulator/zip/read.js';
import { writeZip } from './plugin-packages.js';

describe('ZIP reader', () => {
  it('reads stored and deflated entries byte for byte, skipping directories', () => {
    const binary = randomBytes(70_000);
    const zip = writeZip([
      { name: 'dir/', content: '', method: 'store' },
      { name: 'a.txt', content: 'hello '.repeat(1000) },
      { name: 'dir/b.bin', content: binary, method: 'store' },
      { name: 'empty', content: '' },
    ]);
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual(['a.txt', 'dir/b.bin', 'empty']);
    expect(entries.get('a.txt')!.read().toString()).toBe('hello '.repeat(1000));
    expect(entries.get('dir/b.bin')!.read().equals(binary)).toBe(true);
    expect(entries.get('empty')!.read().length).toBe(0);
  });

  const good = writeZip([{ name: 'a.txt', content: 'hello world, hello world' }]);
  const corrupt = Buffer.from(good);
  corrupt[32 + 'a.txt'.length] = (corrupt[32 + 'a.txt'.length]! + 1) % 256;
  const stored = writeZip([{ name: 'a.txt', content: 'abcdef', method: 'store' }]);
  const badCrc = Buffer.from(stored);
  badCrc[30 + 'a.txt'.length] = 'x'.charCodeAt(0);
  const badMethod = Buffer.from(stored);
  badMethod.writeUInt16LE(12, stored.length - 22 - 46 - 'a.txt'.length + 10);

  it.each([
    ['text, not a ZIP', Buffer.from('just some text'), 'is not a ZIP archive'],
    ['an empty buffer', Buffer.alloc(0), 'is not a ZIP archive'],
    ['a cut-off archive', good.subarray(0, good.length - 30), 'is not a ZIP archive'],
    ['a damaged deflate stream or CRC', corrupt, '"a.txt"'],
    ['a stored entry with a wrong CRC', badCrc, 'is corrupt'],
    ['an unsupported compression method', badMethod, 'compression method 12'],
  ])('refuses %s with a ZipError', (_case, data, message) => {
    expect(() => {
      for (const entry of readZip(data, 'the upload').values()) entry.read();
    }).toThrow(ZipError);
    expect(() => {
      for (const entry of readZip(data, 'the upload').values()) entry.read();
    }).toThrow(message);
  });
});
