// Packs a plug-in source folder into a signed plug-in package, in the platform's layout: a ZIP
// holding contents.zip (the folder, manifest.json at its top), PUBKEY (the DER public key) and
// SIGNATURE (RSA with SHA-1 of contents.zip, as the platform's own packer signs).
//
//   node scripts/build-plugin-package.mjs <source-folder> --key <private-key.pem> --out <package.zip>
//
// The plug-in's id comes from the key, so every version of a plug-in must be signed with the
// same key: keep it out of the repository and out of sight. When the key file does not exist a
// new 2048-bit key is made and written there (mode 600). The output is the same bytes for the
// same folder and key (no timestamps, files in name order), so a rebuild shows no diff in git.
// It prints the package's id, to write as `id:` beside `path:` in a manifest.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { crc32, deflateRawSync } from 'node:zlib';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { key: { type: 'string' }, out: { type: 'string' } },
});
const [source] = positionals;
if (source === undefined || values.key === undefined || values.out === undefined) {
  console.error(
    'usage: node scripts/build-plugin-package.mjs <source-folder> --key <private-key.pem> --out <package.zip>',
  );
  process.exit(2);
}
if (!existsSync(join(source, 'manifest.json'))) {
  console.error(`${source} has no manifest.json: name the plug-in's source folder.`);
  process.exit(2);
}

const privateKey = existsSync(values.key) ? createPrivateKey(readFileSync(values.key)) : newKey(values.key);
const publicDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
const contents = writeZip(
  filesOf(source).map((path) => ({
    name: relative(source, path).split(sep).join('/'),
    content: readFileSync(path),
  })),
);
const signature = sign('sha1', contents, privateKey);
writeFileSync(
  values.out,
  writeZip([
    { name: 'contents.zip', content: contents },
    { name: 'PUBKEY', content: publicDer },
    { name: 'SIGNATURE', content: signature },
  ]),
);
// The platform's id: SHA-256 of the DER public key, first 16 bytes, hex digits 0-f written a-p.
const hex = createHash('sha256').update(publicDer).digest('hex').slice(0, 32);
console.log(hex.replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 16))));

function newKey(path) {
  const { privateKey: key } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(path, key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  console.error(`A new signing key is in ${path}: keep it private, and sign every later version with it.`);
  return key;
}

function filesOf(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** A ZIP archive of deflated entries: local headers and data, the central directory, its end record. */
function writeZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = deflateRawSync(file.content);
    const crc = crc32(file.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(file.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(file.content.length, 24);
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
