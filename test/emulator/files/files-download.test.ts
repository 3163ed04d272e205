import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { downloadFile, uploadKey } from './file-upload.js';
import { appWithFields, ok } from '../records/records-helpers.js';

const emu = useEmulator();

/** Attaches an upload key as a desktop JS file of an app's customization; returns what reading it shows. */
interface Attachment {
  fileKey: string;
  name: string;
  contentType: string;
  size: string;
}

async function attachToCustomization(fileKey: string): Promise<Attachment> {
  const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Custom' })).body.app as string;
  const put = await emu.call('PUT', '/k/v1/preview/app/customize.json', {
    app,
    desktop: { js: [{ type: 'FILE', file: { fileKey } }] },
  });
  if (put.status !== 200) throw new Error(JSON.stringify(put.body));
  const read = await emu.call('GET', '/k/v1/preview/app/customize.json', { app });
  return read.body.desktop.js[0].file as Attachment;
}

describe('file download', () => {
  it('returns the exact bytes of a 20 MB binary, with its Content-Type and name', async () => {
    const content = randomBytes(20 * 1024 * 1024);
    const uploaded = await uploadKey(emu.call, content, 'bündle "v2".js', 'text/javascript');
    const file = await attachToCustomization(uploaded);
    expect(file).toEqual({
      fileKey: expect.any(String),
      name: 'bündle "v2".js',
      contentType: 'text/javascript',
      size: String(content.length),
    });
    expect(file.fileKey).not.toBe(uploaded);
    const res = await downloadFile(emu.url, file.fileKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="b_ndle _v2_.js"; filename*=UTF-8''b%C3%BCndle%20%22v2%22.js`,
    );
    expect(res.bytes.length).toBe(content.length);
    expect(res.bytes.equals(content)).toBe(true);
    const byUploadKey = await downloadFile(emu.url, uploaded);
    expect(byUploadKey.status).toBe(404);
  });

  it('downloads a record FILE attachment by the key the record shows', async () => {
    const app = await appWithFields(emu, { attachment: { type: 'FILE' } });
    const content = Buffer.from([0, 1, 2, 255, 254]);
    const fileKey = await uploadKey(emu.call, content, 'raw.bin', 'application/octet-stream');
    const { id } = await ok(
      emu.call('POST', '/k/v1/record.json', { app, record: { attachment: { value: [{ fileKey }] } } }),
    );
    const record = await ok(emu.call('GET', '/k/v1/record.json', { app, id }));
    const [file] = record.record.attachment.value as { fileKey: string; size: string }[];
    expect(file).toMatchObject({ name: 'raw.bin', size: '5' });
    const res = await downloadFile(emu.url, file!.fileKey);
    expect([res.status, res.headers.get('content-type'), [...res.bytes]]).toEqual([
      200,
      'application/octet-stream',
      [0, 1, 2, 255, 254],
    ]);
  });
});
