import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';

/** Test helpers: a minimal ZIP writer and plug-in packages in the platform's layout. */

export interface ZipInput {
  name: string;
  content: Buffer | string;
  /** Deflate this entry (default) or store it as is. */
  method?: 'deflate' | 'store';
}

/** What a local header and its central directory header both say of an entry. */
interface EntryFields {
  method: number;
  crc: number;
  /** Bytes as stored (compressed), then as read. */
  stored: number;
  size: number;
  name: Buffer;
}

/**
 * Both headers hold these fields in the same order, the method first and the time and date after
 * it; only where they start differs (the ZIP APPNOTE, 4.3.7 and 4.3.12).
 */
function writeEntryFields(header: Buffer, at: number, entry: EntryFields): void {
  header.writeUInt16LE(entry.method, at);
  header.writeUInt32LE(entry.crc, at + 6);
  header.writeUInt32LE(entry.stored, at + 10);
  header.writeUInt32LE(entry.size, at + 14);
  header.writeUInt16LE(entry.name.length, at + 18);
}

/** A ZIP archive: local headers and data, then the central directory and its end record. */
export function writeZip(files: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const content = Buffer.from(file.content);
    const name = Buffer.from(file.name, 'utf8');
    const deflate = file.method !== 'store';
    const data = deflate ? deflateRawSync(content) : content;
    const crc = crc32(content);
    const entry: EntryFields = {
      method: deflate ? 8 : 0,
      crc,
      stored: data.length,
      size: content.length,
      name,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 8, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 10, entry);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface PluginKey {
  privateKey: KeyObject;
  /** DER (SPKI) bytes, as a package's PUBKEY holds them. */
  publicDer: Buffer;
}

export function newPluginKey(): PluginKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return { privateKey, publicDer: publicKey.export({ type: 'spki', format: 'der' }) };
}

/** The id the platform gives a key: SHA-256 of the DER key, first 16 bytes in hex, digits 0-f as a-p. */
export function pluginIdOf(key: PluginKey): string {
  const hex = createHash('sha256').update(key.publicDer).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode('a'.charCodeAt(0) + parseInt(c, 16))).join('');
}

export interface PackageOptions {
  key: PluginKey;
  manifest: unknown;
  /** Sign with this key instead (a forged package). */
  signer?: PluginKey;
  /** Leave one of the three top-level files out. */
  omit?: 'contents.zip' | 'PUBKEY' | 'SIGNATURE';
}

/** A signed plug-in package: contents.zip (manifest.json and a script), PUBKEY, SIGNATURE. */
export function pluginPackage(options: PackageOptions): Buffer {
  const contents = writeZip([
    { name: 'manifest.json', content: JSON.stringify(options.manifest) },
    { name: 'js/desktop.js', content: 'console.log("plug-in");', method: 'store' },
  ]);
  const signer = createSign('SHA1');
  signer.update(contents);
  const signature = signer.sign((options.signer ?? options.key).privateKey);
  const files: ZipInput[] = [
    { name: 'contents.zip', content: contents, method: 'store' },
    { name: 'PUBKEY', content: options.key.publicDer },
    { name: 'SIGNATURE', content: signature },
  ];
  return writeZip(files.filter((f) => f.name !== options.omit));
}

/** A kintone-style manifest with localized name and description. */
export function manifest(name: string, version: string | number, description = `${name} plug-in`): unknown {
  return {
    manifest_version: 1,
    version,
    type: 'APP',
    name: { en: name, ja: `${name} (ja)` },
    description: { en: description },
    icon: 'image/icon.png',
    desktop: { js: ['js/desktop.js'] },
  };
}
