import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';
import { multipart } from './file-upload.js';

const MB = 1024 * 1024;

async function upload(url: string, size: number): Promise<{ status: number; body: any }> {
  const { body, contentType } = await multipart({ file: { bytes: Buffer.alloc(size, 1), name: 'big.bin' } });
  const res = await fetch(`${url}/k/v1/file.json`, {
    method: 'POST',
    headers: { ...passwordHeader(), 'Content-Type': contentType },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe('appdeploy emulator --max-upload-mb', () => {
  it('caps uploads at that many MB, saying the cap and the flag', async () => {
    const cli = await runCli(['emulator', '--port', '0', '--max-upload-mb', '1']);
    try {
      expect((await upload(cli.url, 0.9 * MB)).status).toBe(200);
      const refused = await upload(cli.url, 1.5 * MB);
      expect([refused.status, refused.body.code]).toEqual([413, 'CB_RE01']);
      expect(refused.body.message).toMatch(/upload cap of 1 MB\. .*--max-upload-mb/);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});
