import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
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

describe('multipart bodies as other clients write them', () => {
  const raw = (disposition: string, extra = '') =>
    Buffer.from(
      `preamble\r\n--b0\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n` +
        `--b0\r\nContent-Disposition: form-data; ${disposition}\r\n${extra}\r\nbytes\r\n--b0--\r\n`,
    );

  it.each([
    ['a backslash-escaped quote (curl)', 'name="file"; filename="a\\"b.txt"', 'a"b.txt'],
    ['an RFC 5987 filename*', `name="file"; filename="x"; filename*=UTF-8''%C3%A9t%C3%A9.txt`, 'été.txt'],
    ['an unquoted name', 'name=file; filename=plain.txt', 'plain.txt'],
  ])('reads the file name from %s, after a preamble and a text field', async (_case, disposition, name) => {
    const res = await emu.call('POST', '/k/v1/file.json', undefined, {
      rawBody: raw(disposition, 'Content-Type: text/plain\r\n'),
      headers: { 'Content-Type': 'multipart/form-data; boundary="b0"' },
    });
    expect(res.status).toBe(200);
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Names' })).body.app as string;
    const put = await emu.call('PUT', '/k/v1/preview/app/customize.json', {
      app,
      desktop: { css: [{ type: 'FILE', file: { fileKey: res.body.fileKey } }] },
    });
    expect(put.status).toBe(200);
    const read = await emu.call('GET', '/k/v1/preview/app/customize.json', { app });
    expect(read.body.desktop.css[0].file).toMatchObject({ name, contentType: 'text/plain', size: '5' });
  });

  it.each([
    [
      'no boundary parameter',
      'multipart/form-data',
      raw('name="file"; filename="a"'),
      '; send Content-Type: multipart/form-data; boundary=',
    ],
    [
      'another boundary than the body uses',
      'multipart/form-data; boundary=zz',
      raw('name="file"; filename="a"'),
      '; check that the boundary in Content-Type is the one the body uses.',
    ],
    [
      'a part never closed',
      'multipart/form-data; boundary=b0',
      Buffer.from('--b0\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nxx'),
      '; close the last part with "--b0--"',
    ],
    [
      'a part without Content-Disposition',
      'multipart/form-data; boundary=b0',
      Buffer.from('--b0\r\nX: y\r\n\r\nxx\r\n--b0--'),
      '; give each part a header Content-Disposition: form-data; name="file"',
    ],
    [
      'a part without a name',
      'multipart/form-data; boundary=b0',
      Buffer.from('--b0\r\nContent-Disposition: form-data; filename="a"\r\n\r\nxx\r\n--b0--'),
      '; name each part: Content-Disposition: form-data; name="file"',
    ],
  ])('refuses a body with %s, saying what is wrong and what to send', async (_case, type, body, fix) => {
    const res = await emu.call('POST', '/k/v1/file.json', undefined, {
      rawBody: body,
      headers: { 'Content-Type': type },
    });
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    const message = res.body.errors.file.messages[0] as string;
    expect(message).toMatch(/^The body is not valid multipart\/form-data \(.+\)/);
    expect(message).toContain(fix);
    if (!fix.includes('boundary')) expect(message).not.toContain('boundary in Content-Type');
  });
});

describe('upload size cap', () => {
  // The file cap is above the body cap on purpose: an upload is held to maxFileBytes, not maxBodyBytes.
  const small = useEmulator({ maxFileBytes: 2000, maxBodyBytes: 1000 });
  const advice =
    'Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator).';

  it('accepts a file of exactly the cap, though the body is larger than maxBodyBytes', async () => {
    const res = await uploadFile(small.call, Buffer.alloc(2000, 7));
    expect([res.status, res.body]).toEqual([200, { fileKey: expect.any(String) }]);
  });

  it('refuses one byte more with 413, naming the size, the cap in MB and how to raise it', async () => {
    const res = await uploadFile(small.call, Buffer.alloc(2001));
    expect([res.status, res.body.code]).toEqual([413, 'CB_RE01']);
    expect(res.body.message).toBe(
      `The uploaded file is 2001 bytes, larger than the upload cap of 0.002 MB (2000 bytes). ${advice}`,
    );
    expect(res.body.errors.file.messages).toEqual([res.body.message]);
  });

  it('refuses an upload whose body passes the cap plus framing before reading it, with the same advice', async () => {
    const res = await uploadFile(small.call, Buffer.alloc(2000 + 70 * 1024));
    expect([res.status, res.body.code]).toEqual([413, 'CB_RE01']);
    expect(res.body.message).toBe(
      `The uploaded file is larger than the upload cap of 0.002 MB (2000 bytes). ${advice}`,
    );
  });

  it('still holds JSON bodies to maxBodyBytes', async () => {
    const res = await small.call('POST', '/k/v1/preview/app.json', { name: 'x'.repeat(1200) });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      413,
      'CB_RE01',
      'The request body is larger than 1000 bytes.',
    ]);
  });
});
