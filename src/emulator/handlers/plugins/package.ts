import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { ApiError } from '../../errors.js';
import { readZip, ZipError, type ZipEntry } from '../../zip/read.js';

/** What a plug-in package declares: its id (from the key) and the manifest's name, version, description. */
export interface PluginPackage {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

/**
 * Reads a plug-in package in the platform's layout: a ZIP holding `contents.zip`, `PUBKEY` (the
 * RSA public key, DER or PEM) and `SIGNATURE` (of contents.zip with the key's private half,
 * RSA with SHA-1 as the platform's packer signs, SHA-256 also accepted); `contents.zip` holds
 * `manifest.json`. Anything else is 400 GAIA_PL03 saying what is wrong with the file `path` named.
 */
export function readPluginPackage(data: Buffer, path: string): PluginPackage {
  try {
    const outer = readZip(data, 'The uploaded file');
    const contents = required(outer, 'contents.zip', 'the package').read();
    const pubkey = required(outer, 'PUBKEY', 'the package').read();
    const signature = required(outer, 'SIGNATURE', 'the package').read();
    const key = publicKey(pubkey);
    if (!signatureMatches(contents, signature, key))
      throw new PackageError('SIGNATURE does not verify contents.zip with the key in PUBKEY.');
    const inner = readZip(contents, 'contents.zip in the package');
    const manifest = parseManifest(required(inner, 'manifest.json', 'contents.zip').read());
    return { id: pluginId(key), ...manifest };
  } catch (error) {
    if (error instanceof PackageError || error instanceof ZipError) throw notAPlugin(path, error.message);
    throw error;
  }
}

/** The platform's id: SHA-256 of the DER public key, first 16 bytes, hex digits 0-f written as a-p. */
export function pluginId(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
  return hex.replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

class PackageError extends Error {}

function notAPlugin(path: string, why: string): ApiError {
  const message = `The file is not a plug-in package: ${why} A package is a ZIP holding contents.zip (with manifest.json), PUBKEY and SIGNATURE.`;
  return new ApiError(400, 'GAIA_PL03', message, { [path]: { messages: [why] } });
}

function required(entries: Map<string, ZipEntry>, name: string, where: string): ZipEntry {
  const entry = entries.get(name);
  if (!entry) throw new PackageError(`${where} has no ${name}.`);
  return entry;
}

function publicKey(bytes: Buffer): KeyObject {
  try {
    const pem = bytes.subarray(0, 11).toString('latin1') === '-----BEGIN ';
    const key = pem ? createPublicKey(bytes) : createPublicKey({ key: bytes, format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'rsa') throw new PackageError('PUBKEY is not an RSA public key.');
    return key;
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError('PUBKEY is not a readable public key (DER or PEM).');
  }
}

function signatureMatches(contents: Buffer, signature: Buffer, key: KeyObject): boolean {
  return ['sha1', 'sha256'].some((hash) => {
    try {
      return verify(hash, contents, key, signature);
    } catch {
      return false;
    }
  });
}

function parseManifest(bytes: Buffer): Omit<PluginPackage, 'id'> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new PackageError('manifest.json is not valid JSON.');
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new PackageError('manifest.json is not a JSON object.');
  const m = manifest as Record<string, unknown>;
  const name = localized(m.name);
  if (!name) throw new PackageError('manifest.json has no name (a string or {en, ja, ...}).');
  const version = typeof m.version === 'number' || typeof m.version === 'string' ? String(m.version) : '';
  if (!version) throw new PackageError('manifest.json has no version (a number or a string).');
  return { name, version, description: localized(m.description) ?? '' };
}

/** A manifest text: a plain string, or an object of languages (English first, else the first given). */
function localized(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const texts = value as Record<string, unknown>;
  const pick = [texts.en, ...Object.values(texts)].find((t) => typeof t === 'string' && t.trim() !== '');
  return typeof pick === 'string' ? pick : undefined;
}
