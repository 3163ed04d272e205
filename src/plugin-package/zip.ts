/**
 * A ZIP reader for plug-in packages: just enough of the format to open the outer archive and the
 * contents.zip inside it, with node's zlib and nothing else.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { PluginPackageError } from './errors.js';

/**
 * Why a buffer could not be read as a ZIP archive; the message says what is wrong and where. A
 * package that is not a ZIP is not a package, so it is a PluginPackageError too.
 */
export class ZipError extends PluginPackageError {
  override readonly name: string = 'ZipError';
}

/** One file of an archive, as its central directory describes it; `read()` inflates and checks it. */
export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  read(): Buffer;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

/**
 * Reads a ZIP archive's central directory: stored and deflated entries, no ZIP64, no encryption
 * (a plug-in package needs nothing more). Directories (names ending in `/`) are left out.
 * Throws ZipError for anything that is not a well-formed archive.
 */
export function readZip(data: Buffer, label = 'the archive'): Map<string, ZipEntry> {
  const eocd = findEndOfCentralDirectory(data, label);
  const count = data.readUInt16LE(eocd + 10);
  const dirSize = data.readUInt32LE(eocd + 12);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff)
    throw new ZipError(`${label} is a ZIP64 archive, which is not supported.`);
  if (dirOffset + dirSize > eocd)
    throw new ZipError(`${label} is malformed: its central directory lies outside the file.`);

  const entries = new Map<string, ZipEntry>();
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipError(`${label} is malformed: central directory entry ${i + 1} of ${count} is damaged.`);
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (at > data.length) throw new ZipError(`${label} is malformed: entry "${name}" runs past the end.`);
    if (name.endsWith('/')) continue;
    if (flags & 1) throw new ZipError(`${label}: entry "${name}" is encrypted, which is not supported.`);
    if (method !== STORED && method !== DEFLATED)
      throw new ZipError(
        `${label}: entry "${name}" uses compression method ${method}; only stored (0) and deflated (8) are supported.`,
      );
    const entry = { name, method, crc, compressedSize, size, localOffset };
    entries.set(name, { name, size, read: () => readEntry(data, entry, label) });
  }
  return entries;
}

function findEndOfCentralDirectory(data: Buffer, label: string): number {
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = data.length - EOCD_SIZE; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipError(`${label} is not a ZIP archive (no end-of-central-directory record).`);
}

function readEntry(
  data: Buffer,
  entry: {
    name: string;
    method: number;
    crc: number;
    compressedSize: number;
    size: number;
    localOffset: number;
  },
  label: string,
): Buffer {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new ZipError(`${label} is malformed: the local header of "${entry.name}" is missing.`);
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > data.length)
    throw new ZipError(`${label} is malformed: the data of "${entry.name}" is cut short.`);
  const raw = data.subarray(start, end);
  let content: Buffer;
  if (entry.method === STORED) {
    content = raw;
  } else {
    try {
      content = inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      throw new ZipError(`${label}: entry "${entry.name}" does not inflate: ${(error as Error).message}.`);
    }
  }
  if (content.length !== entry.size || crc32(content) !== entry.crc)
    throw new ZipError(`${label}: entry "${entry.name}" is corrupt (size or CRC-32 does not match).`);
  return content;
}
