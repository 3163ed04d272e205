// Memory of `export --records` over large attachments: the peak resident memory an export of
// records holding FILES attachments of FILE_MB each adds over the same export of the same records
// without them (both measured in this run, each in a process of its own), against the
// attachments' size. Each file is written to disk as it downloads (files.downloadTo into
// atomicWriteStreamed), so what it adds stays a few MB whatever their size: target <= 0.25.
// Measured at 2 x 48 MB (2 cores, shared): 212 MB without, 212 MB with, ratio 0.00; with the
// download held whole as before (files.download, then atomicWrite), 202 MB and 279 MB, ratio 0.80.
// Run with `npm run bench -- attachments` (builds first; imports dist/).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { createClient } from '../dist/client/index.js';
import { ADMIN, applyProject, benchRoot, loadProject, serviceProcess, verdict } from './lib/tickets.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 2);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 48);
const MANIFEST = `name: Documents
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  scan: { type: FILE, label: Scan }
`;

const root = await benchRoot();
const service = await serviceProcess();
try {
  // Two apps alike: `plain` with records without attachments, `files` with the same records each
  // holding one attachment.
  await writeFile(`${root}/apps/plain.yaml`, MANIFEST);
  await writeFile(`${root}/apps/files.yaml`, MANIFEST);
  const config = {
    environments: { bench: { baseUrl: service.url, auth: ADMIN } },
    defaultEnvironment: 'bench',
    apps: { plain: { manifest: 'apps/plain.yaml' }, files: { manifest: 'apps/files.yaml' } },
  };
  await writeFile(`${root}/appdeploy.yaml`, stringify(config));
  await applyProject(root, service.url);
  const project = await loadProject(root);
  const idOf = (key) => project.apps.find((a) => a.key === key).id;
  const client = createClient({ baseUrl: service.url, auth: ADMIN });
  const codes = Array.from({ length: FILES }, (_, i) => `D${i}`);
  await client.records.addAll(
    idOf('plain'),
    codes.map((code) => ({ code: { value: code } })),
  );
  const withFiles = [];
  for (const code of codes) {
    const { fileKey } = await client.files.upload(randomBytes(FILE_MB << 20), { name: `${code}.bin` });
    withFiles.push({ code: { value: code }, scan: { value: [{ fileKey }] } });
  }
  await client.records.addAll(idOf('files'), withFiles);
  await client.close();

  const script = fileURLToPath(new URL('./lib/export-rss.mjs', import.meta.url));
  const peak = async (app) => {
    const { stdout } = await promisify(execFile)(process.execPath, [script, root, app], { encoding: 'utf8' });
    return Number(stdout.trim().split('\n').pop());
  };
  const without = await peak('plain');
  const withAttachments = await peak('files');
  const attachments = FILES * FILE_MB;
  const added = withAttachments - without;
  console.log(
    `peak memory, export --records of ${FILES} records: ${without} MB without attachments, ` +
      `${withAttachments} MB with ${FILES} x ${FILE_MB} MB (${added} MB more, for ${attachments} MB of files)`,
  );
  verdict("memory added against the attachments' size", Math.max(0, added) / attachments, 0.25);
} finally {
  await service.close();
  await rm(root, { recursive: true, force: true });
}
