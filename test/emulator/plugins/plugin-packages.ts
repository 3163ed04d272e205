import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';

/** Test helpers: a minimal ZIP writer and plug-in packages in the platform's layout. */

export interface ZipInput {
  name: string;
  content: Buffer | string;
  /** Deflate this entry (default) or store it as is. */
  method?: 'deflate' | 'store';
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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
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
