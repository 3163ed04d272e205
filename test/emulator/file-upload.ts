import type { CallOptions, Reply } from './harness.js';

type Call = (method: string, path: string, params?: unknown, opts?: CallOptions) => Promise<Reply>;

/** A multipart/form-data body as a browser or undici would send it. */
export async function multipart(
  fields: Record<string, { bytes: Buffer; name: string; type?: string } | string>,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([value.bytes], { type: value.type ?? '' }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** Uploads one file through POST /k/v1/file.json; returns the reply (fileKey in its body). */
export async function uploadFile(
  call: Call,
  bytes: Buffer,
  name = 'file.bin',
  type = 'application/octet-stream',
  opts: CallOptions = {},
): Promise<Reply> {
  const { body, contentType } = await multipart({ file: { bytes, name, type } });
  return call('POST', '/k/v1/file.json', undefined, {
    ...opts,
    rawBody: body,
    headers: { ...opts.headers, 'Content-Type': contentType },
  });
}

/** Uploads and returns the key, failing loudly if the upload did not succeed. */
export async function uploadKey(call: Call, bytes: Buffer, name?: string, type?: string): Promise<string> {
  const reply = await uploadFile(call, bytes, name, type);
  if (reply.status !== 200) throw new Error(`upload failed: ${JSON.stringify(reply.body)}`);
  return reply.body.fileKey as string;
}

/** GET /k/v1/file.json as raw bytes (the harness's `call` reads text). */
export async function downloadFile(
  baseUrl: string,
  fileKey: string,
  user = { login: 'admin', password: 'admin' },
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${baseUrl}/k/v1/file.json?fileKey=${encodeURIComponent(fileKey)}`, {
    headers: { 'X-Service-Authorization': Buffer.from(`${user.login}:${user.password}`).toString('base64') },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
