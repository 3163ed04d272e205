/**
 * Reads a plug-in package in the platform's layout: a ZIP holding `contents.zip`, `PUBKEY` (the
 * RSA public key, DER or PEM) and `SIGNATURE` (of contents.zip with the key's private half, RSA
 * with SHA-1 as the platform's packer signs, SHA-256 also accepted); `contents.zip` holds
 * `manifest.json`. The local service installs from it, validation checks a project's packages
 * with it, and the planner compares versions with it: one reading, so the three agree.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { PluginPackageError } from './errors.js';
import { readZip, type ZipEntry } from './zip.js';

/** What a plug-in package declares: its id (from the key) and the manifest's name, version, description. */
export interface PluginPackage {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

/**
 * The package in `data`; throws PluginPackageError saying what is wrong. `label` names the
 * bytes in that message (`The uploaded file`, a path).
 */
export function readPluginPackage(data: Buffer, label = 'the package'): PluginPackage {
  const outer = readZip(data, label);
  const contents = required(outer, 'contents.zip', label).read();
  const pubkey = required(outer, 'PUBKEY', label).read();
  const signature = required(outer, 'SIGNATURE', label).read();
  const key = publicKey(pubkey);
  if (!signatureMatches(contents, signature, key))
    throw new PluginPackageError('SIGNATURE does not verify contents.zip with the key in PUBKEY.');
  const inner = readZip(contents, `contents.zip in ${label}`);
  const manifest = parseManifest(required(inner, 'manifest.json', 'contents.zip').read());
  return { id: pluginId(key), ...manifest };
}

/** The platform's id: SHA-256 of the DER public key, first 16 bytes, hex digits 0-f written as a-p. */
export function pluginId(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
  return hex.replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

function required(entries: Map<string, ZipEntry>, name: string, where: string): ZipEntry {
  const entry = entries.get(name);
  if (!entry) throw new PluginPackageError(`${where} has no ${name}.`);
  return entry;
}

function publicKey(bytes: Buffer): KeyObject {
  let key: KeyObject;
  try {
    const pem = bytes.subarray(0, 11).toString('latin1') === '-----BEGIN ';
    key = pem ? createPublicKey(bytes) : createPublicKey({ key: bytes, format: 'der', type: 'spki' });
  } catch {
    throw new PluginPackageError('PUBKEY is not a readable public key (DER or PEM).');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new PluginPackageError('PUBKEY is not an RSA public key.');
  return key;
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
    throw new PluginPackageError('manifest.json is not valid JSON.');
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new PluginPackageError('manifest.json is not a JSON object.');
  const m = manifest as Record<string, unknown>;
  const name = localized(m.name);
  if (!name) throw new PluginPackageError('manifest.json has no name (a string or {en, ja, ...}).');
  const version = typeof m.version === 'number' || typeof m.version === 'string' ? String(m.version) : '';
  if (!version) throw new PluginPackageError('manifest.json has no version (a number or a string).');
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
