/**
 * Large attachments written to disk as they download (docs/records.md, "Attachments are downloaded
 * beside the file"; docs/migrations.md, "A backup is complete or absent"): the built CLI's
 * `export --records` and apply's backup, each killed with SIGKILL while an attachment of a few
 * megabytes is half downloaded (a stand-in between the CLI and the local service sends the first
 * megabyte and then holds the answer), leave no file under its name, only temporary ones, and the
 * same command run again finishes: every file byte for byte the service's, nothing temporary left.
 * The backup's files are then read back by `restore`.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appdeploy, BIN } from '../support/cli.js';
import { listenOnLoopback, passThrough } from '../support/pass-through.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';

const service = useLocalService({ client: {} });

/** Where the stand-in holds a download: after this many bytes of the body. */
const HOLD_AFTER = 1 << 20;
let holding = false;
let held: () => void = () => undefined;
let proxy: Server;
let proxyUrl = '';

beforeAll(async () => {
  proxy = createServer((req, res) => {
    if (!(holding && req.method === 'GET' && req.url?.startsWith('/k/v1/file.json')))
      return passThrough(req, res, service.url);
    const upstream = request(new URL(req.url, service.url), { headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      let sent = 0;
      answer.on('data', (chunk: Buffer) => {
        if (sent >= HOLD_AFTER) return;
        res.write(chunk);
        sent += chunk.length;
        if (sent >= HOLD_AFTER) held();
      });
    });
    upstream.end();
  });
  proxyUrl = `http://127.0.0.1:${await listenOnLoopback(proxy)}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

const MANIFEST = `name: Documents
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  scan: { type: FILE, label: Scan }
`;

/** Two records, each with an attachment of 3 MB of random bytes; the files by name. */
async function projectWithLargeFiles(): Promise<{ root: string; files: Map<string, Buffer> }> {
  const root = await tempProject('appdeploy-large-files-', {
    'appdeploy.yaml': [
      'environments:',
      `  stage: { baseUrl: '${proxyUrl}', auth: { login: admin, password: admin } }`,
      'defaultEnvironment: stage',
      'apps:',
      '  docs: { manifest: apps/docs.yaml }',
      '',
    ].join('\n'),
    'apps/docs.yaml': MANIFEST,
  });
  expect((await appdeploy(['apply', '--yes'], root)).code).toBe(0);
  const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
    apps: { docs: { ids: { stage: string } } };
  };
  const files = new Map([
    ['one.bin', randomBytes(3 << 20)],
    ['two.bin', randomBytes(3 << 20)],
  ]);
  const records = [];
  for (const [name, data] of files) {
    const { fileKey } = await service.client.files.upload(data, { name });
    records.push({ code: { value: name.replace('.bin', '') }, scan: { value: [{ fileKey }] } });
  }
  await service.client.records.addAll(config.apps.docs.ids.stage, records);
  return { root, files };
}

/** Every file under `dir`, relative to it, with `/`. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const TEMP = /\.\d+\.[0-9a-f]{12}\.tmp$/;

/**
 * Runs the built CLI in `root` until the stand-in holds an attachment's download and a temporary
 * file under `under` holds part of it, then sends it `signal`; resolves with its exit code and
 * what it printed (stdout and stderr).
 */
async function killMidDownload(
  root: string,
  args: string[],
  under: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; output: string }> {
  holding = true;
  const holdingNow = new Promise<void>((resolve) => (held = resolve));
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await holdingNow;
  for (;;) {
    const temps = (await filesUnder(join(root, under)).catch(() => [])).filter((f) => TEMP.test(f));
    const sizes = await Promise.all(temps.map((f) => stat(join(root, under, f)).then((s) => s.size)));
    if (sizes.some((size) => size > 0)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill(signal);
  const code = await exited;
  holding = false;
  return { code, output };
}

// SIGKILL leaves the temporary file of the first attachment (in key order), which the next run
// removes; Ctrl-C (SIGINT) removes it on the way out (cli/interrupt.ts), exit 130. No record file.
it.each([
  ['SIGKILL', null, ['files/docs/one/one.bin.TMP']],
  ['SIGINT', 130, []],
] as const)(
  'export --records stopped mid-download (%s): no file under its name; run again, every file whole and nothing temporary',
  { timeout: 180_000 },
  async (signal, exitCode, leftBehind) => {
    const { root, files } = await projectWithLargeFiles();
    try {
      const { code } = await killMidDownload(
        root,
        ['export', '--records', '--app', 'docs'],
        'records',
        signal,
      );
      expect(code).toBe(exitCode);
      const left = await filesUnder(join(root, 'records'));
      expect(left.map((f) => f.replace(TEMP, '.TMP'))).toEqual(leftBehind);

      const again = await appdeploy(['export', '--records', '--app', 'docs'], root);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(await filesUnder(join(root, 'records'))).toEqual([
        'docs.yaml',
        'files/docs/one/one.bin',
        'files/docs/two/two.bin',
      ]);
      for (const [name, data] of files) {
        const written = await readFile(join(root, 'records/files/docs', name.replace('.bin', ''), name));
        expect(sha(written)).toBe(sha(data));
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
);

it(
  "apply's backup stopped by Ctrl-C mid-download: apply stops without waiting for the file, leaves no backup, and the next apply converges",
  { timeout: 180_000 },
  async () => {
    const { root } = await projectWithLargeFiles();
    const backups = join(root, '.appdeploy/backups/stage');
    try {
      await writeFile(join(root, 'apps/docs.yaml'), MANIFEST.replace(/ {2}scan: .*\n/, ''));
      // The stand-in never sends the rest: only the download's abort lets apply stop.
      const { code, output } = await killMidDownload(
        root,
        ['apply', '--yes', '--allow-data-loss'],
        '.appdeploy/backups',
        'SIGINT',
      );
      expect(code).toBe(130);
      expect(output).toContain('\nInterrupted before anything was written; nothing was changed.\n');
      expect(await filesUnder(backups)).toEqual([]);
      expect((await appdeploy(['status'], root)).code).toBe(2);
      expect((await appdeploy(['apply', '--yes', '--allow-data-loss'], root)).code).toBe(0);
      expect((await appdeploy(['plan', '--detailed-exitcode'], root)).code).toBe(0);
      expect((await filesUnder(backups)).map((f) => f.replace(/^[^/]*-docs/, 'TIME-docs'))).toEqual([
        'TIME-docs.jsonl',
        'TIME-docs/1-scan-0-one.bin',
        'TIME-docs/2-scan-0-two.bin',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
);

it(
  "apply's backup killed mid-download: no backup that looks whole; apply again backs up every file whole, and restore puts them back",
  { timeout: 180_000 },
  async () => {
    const { root, files } = await projectWithLargeFiles();
    const backups = join(root, '.appdeploy/backups/stage');
    try {
      await writeFile(join(root, 'apps/docs.yaml'), MANIFEST.replace(/ {2}scan: .*\n/, ''));
      await killMidDownload(root, ['apply', '--yes', '--allow-data-loss'], '.appdeploy/backups', 'SIGKILL');
      const left = (await filesUnder(backups)).map((f) => f.replace(/^[^/]*-docs/, 'TIME-docs'));
      // The unfinished folder, with the temporary file of the attachment under way: no .jsonl.
      expect(left.map((f) => f.replace(TEMP, '.TMP'))).toEqual([
        expect.stringMatching(/^TIME-docs\.partial\/\d+-scan-0-(one|two)\.bin\.TMP$/),
      ]);
      // The field is still live (nothing was written): status says the manifest is not applied.
      expect((await appdeploy(['status'], root)).code).toBe(2);

      const again = await appdeploy(['apply', '--yes', '--allow-data-loss'], root);
      expect(again.code).toBe(0);
      expect((await appdeploy(['plan', '--detailed-exitcode'], root)).code).toBe(0);
      const backedUp = await filesUnder(backups);
      expect(backedUp.map((f) => f.replace(/^[^/]*-docs/, 'TIME-docs'))).toEqual([
        'TIME-docs.jsonl',
        'TIME-docs/1-scan-0-one.bin',
        'TIME-docs/2-scan-0-two.bin',
      ]);
      const folder = backedUp[0]!.replace('.jsonl', '');
      expect(sha(await readFile(join(backups, folder, '1-scan-0-one.bin')))).toBe(sha(files.get('one.bin')!));
      expect(sha(await readFile(join(backups, folder, '2-scan-0-two.bin')))).toBe(sha(files.get('two.bin')!));

      // The field back, and its values read back from the backup's files.
      await writeFile(join(root, 'apps/docs.yaml'), MANIFEST);
      expect((await appdeploy(['apply', '--yes'], root)).code).toBe(0);
      const restored = await appdeploy(['restore', join(backups, backedUp[0]!), '--yes'], root);
      expect(restored.code).toBe(0);
      const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
        apps: { docs: { ids: { stage: string } } };
      };
      const { records } = await service.client.records.getRecords({ app: config.apps.docs.ids.stage });
      for (const record of records) {
        const [attachment] = record.scan!.value as { fileKey: string; name: string }[];
        const { sha256 } = await service.client.files.downloadHash({ fileKey: attachment!.fileKey });
        expect(sha256).toBe(sha(files.get(attachment!.name)!));
      }
      expect(records).toHaveLength(2);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
);
