/**
 * A journal line naming a file whose bytes are not on disk (a power loss before the blob folder
 * reached the disk, with data written before blobs were made durable in order): the next start
 * serves on and says which files lost their content, never crashes nor calls it a bug; a download
 * of such a file says the content is lost, never serves a short file as if whole; uploading the
 * same content again makes the file whole (blobs are named by their content).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { downloadFile, uploadKey } from './file-upload.js';
import { appWithFile, caller, fileRecord, must } from '../own-emulator.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const blobPath = (data: string, bytes: Buffer) =>
  join(data, 'blobs', createHash('sha256').update(bytes).digest('hex'));

describe('a file whose bytes a crash left off the disk', () => {
  it('is named at the next start, answers a download that its content is lost, and is made whole by the same upload', async () => {
    const data = mkdtempSync(join(tmpdir(), 'appdeploy-lost-blob-'));
    dirs.push(data);
    const report = Buffer.from('the quarterly report');
    const draft = Buffer.from('a draft not attached yet');
    const kept = Buffer.from('a file that reached the disk');
    let emu = await startEmulator({ port: 0, deployMs: 20, data });
    let call = caller(emu);
    const app = await appWithFile(call, 'Files');
    const attach = async (bytes: Buffer, name: string) => {
      const upload = await uploadKey(call, bytes, name, 'text/plain');
      const { id } = await must(call('POST', '/k/v1/record.json', { app, record: fileRecord(upload) }));
      const read = await must(call('GET', '/k/v1/record.json', { app, id }));
      return read.record.attachment.value[0].fileKey as string;
    };
    const reportKey = await attach(report, 'report.txt');
    const keptKey = await attach(kept, 'kept.txt');
    const draftKey = await uploadKey(call, draft, 'draft.txt', 'text/plain');
    await emu.close();

    unlinkSync(blobPath(data, report));
    truncateSync(blobPath(data, draft), 5);

    emu = await startEmulator({ port: 0, deployMs: 20, data });
    call = caller(emu);
    try {
      expect(emu.notes).toEqual([
        `2 files in the data folder ${data} lost their content (the service stopped before their bytes were on disk): "report.txt" (file key ${reportKey}, attached to a record of app ${app}; 20 bytes, none on disk), "draft.txt" (upload key ${draftKey}, not attached yet; 24 bytes, 5 on disk). Downloading them answers 404 GAIA_BL01 saying so; upload each again to make it whole (the same content mends its key), or attach another file.`,
      ]);
      // The short bytes are set aside, never served under the content's name.
      expect(existsSync(blobPath(data, draft))).toBe(false);
      const lost = await downloadFile(emu.url, reportKey);
      expect([lost.status, JSON.parse(lost.bytes.toString()).message]).toEqual([
        404,
        `The file (key "${reportKey}") lost its content: the service stopped before its bytes were on disk. Upload the file again (the same content mends this key), or attach another file.`,
      ]);
      expect(JSON.stringify(JSON.parse(lost.bytes.toString()))).not.toMatch(/bug/i);
      const whole = await downloadFile(emu.url, keptKey);
      expect([whole.status, whole.bytes.toString()]).toEqual([200, kept.toString()]);

      // The same content again: the record's file is whole, and so is the unattached upload.
      await uploadKey(call, report, 'again.txt', 'text/plain');
      await uploadKey(call, draft, 'again.txt', 'text/plain');
      const mended = await downloadFile(emu.url, reportKey);
      expect([mended.status, mended.bytes.toString()]).toEqual([200, report.toString()]);
      const draftAttached = await attach(draft, 'draft.txt');
      expect((await downloadFile(emu.url, draftAttached)).bytes.toString()).toBe(draft.toString());
    } finally {
      await emu.close();
    }
    const restarted = await startEmulator({ port: 0, data });
    await restarted.close();
    expect(restarted.notes).toEqual([]);
  });
});
