import { describe, expect, it } from 'vitest';
import { useEmulator } from './harness.js';
import { multipart, uploadFile } from './file-upload.js';

const emu = useEmulator();

describe('file upload', () => {
  it('returns an upload key that cannot download', async () => {
    const res = await uploadFile(emu.call, Buffer.from('hello'), 'hello.txt', 'text/plain');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fileKey: expect.any(String) });
    const download = await emu.call('GET', '/k/v1/file.json', { fileKey: res.body.fileKey });
    expect([download.status, download.body.code]).toEqual([404, 'GAIA_BL01']);
    expect(download.body.message).toContain('is an upload key');
    const unknown = await emu.call('GET', '/k/v1/file.json', { fileKey: 'nope' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GAIA_BL01']);
  });

  it('refuses a body without a file field, naming the field', async () => {
    const { body, contentType } = await multipart({ other: 'text' });
    const res = await emu.call('POST', '/k/v1/file.json', undefined, {
      rawBody: body,
      headers: { 'Content-Type': contentType },
    });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', ['file']]);
  });

  it.each([
    ['JSON instead of multipart', 'application/json', '{}', 415, 'CB_UT01'],
    ['a multipart body without its boundary', 'multipart/form-data; boundary=zzz', 'garbage', 400, 'CB_VA01'],
  ])('refuses %s', async (_case, type, body, status, code) => {
    const res = await emu.call('POST', '/k/v1/file.json', undefined, {
      rawBody: body,
      headers: { 'Content-Type': type },
    });
    expect([res.status, res.body.code]).toEqual([status, code]);
  });
});

describe('file size cap', () => {
  const small = useEmulator({ maxFileBytes: 1000 });

  it('accepts a file at the cap and refuses one byte more, saying the limit', async () => {
    expect((await uploadFile(small.call, Buffer.alloc(1000))).status).toBe(200);
    const res = await uploadFile(small.call, Buffer.alloc(1001));
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    expect(res.body.errors.file.messages[0]).toBe(
      'The file is 1001 bytes; the largest upload accepted is 1000 bytes (option maxFileBytes).',
    );
  });
});
