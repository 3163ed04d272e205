import type { CallOptions, Reply } from '../harness.js';

type Call = (method: string, path: string, params?: unknown, opts?: CallOptions) => Promise<Reply>;

/** An app's fields where files sit in both places a record holds them: a FILE field and a table column. */
export const FILE_FIELDS = {
  title: { type: 'SINGLE_LINE_TEXT' },
  attachment: { type: 'FILE' },
  items: { type: 'SUBTABLE', fields: { scan: { type: 'FILE', code: 'scan', label: 'scan' } } },
};

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

/** Who downloads: a login/password user or an API token. */
export type DownloadAuth = { login: string; password: string } | { token: string };

/** GET /k/v1/file.json as raw bytes (the harness's `call` reads text); `prefix` may be a guest-space path. */
export async function downloadFile(
  baseUrl: string,
  fileKey: string,
  auth: DownloadAuth = { login: 'admin', password: 'admin' },
  prefix = '/k/v1',
): Promise<{ status: number; bytes: Buffer; headers: Headers; code?: string }> {
  const headers =
    'token' in auth
      ? { 'X-Service-API-Token': auth.token }
      : { 'X-Service-Authorization': Buffer.from(`${auth.login}:${auth.password}`).toString('base64') };
  const res = await fetch(`${baseUrl}${prefix}/file.json?fileKey=${encodeURIComponent(fileKey)}`, {
    headers,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const code = res.status === 200 ? undefined : (JSON.parse(bytes.toString('utf8')) as { code: string }).code;
  return { status: res.status, bytes, headers: res.headers, ...(code ? { code } : {}) };
}
