import { ApiError, invalid } from '../errors.js';
import { findAttachment, storeUpload, UPLOADS_TABLE } from '../model/files.js';
import type { ApiRequest, RawResponse, Route } from '../context.js';

/** POST /k/v1/file.json: multipart/form-data with the file in the `file` field. Returns an upload key. */
async function uploadFile(req: ApiRequest): Promise<unknown> {
  const form = await readForm(req);
  const file = form.get('file');
  if (file === null) throw invalid({ file: 'Required field: send the file in the multipart field "file".' });
  if (typeof file === 'string')
    throw invalid({ file: 'The "file" field holds text, not a file: send it with a filename.' });
  const limit = req.ctx.settings.maxFileBytes;
  if (file.size > limit)
    throw invalid({
      file: `The file is ${file.size} bytes; the largest upload accepted is ${limit} bytes (option maxFileBytes).`,
    });
  const bytes = Buffer.from(await file.arrayBuffer());
  const fileKey = storeUpload(req.ctx, {
    bytes,
    name: file.name || 'file',
    contentType: file.type || 'application/octet-stream',
  });
  return { fileKey };
}

async function readForm(req: ApiRequest): Promise<FormData> {
  const contentType = req.headers['content-type'];
  try {
    return await new Response(req.body, {
      headers: { 'content-type': typeof contentType === 'string' ? contentType : '' },
    }).formData();
  } catch (error) {
    throw invalid({
      file: `The body is not valid multipart/form-data (${(error as Error).message}); check the boundary in Content-Type.`,
    });
  }
}

/** GET /k/v1/file.json: the bytes of an attached file. Upload keys do not download. */
function downloadFile(req: ApiRequest): RawResponse {
  const key = req.params.str('fileKey', { min: 1 });
  const file = findAttachment(req.ctx, key);
  const bytes = file ? req.ctx.store.blobs.get(file.blob) : undefined;
  if (!file || !bytes) {
    const isUpload = req.ctx.store.table(UPLOADS_TABLE).has(key);
    throw new ApiError(
      404,
      'GAIA_BL01',
      isUpload
        ? `The file key "${key}" is an upload key; only a file attached to a record, app or plug-in downloads. Use the fileKey that reading the attachment returns.`
        : `The file (key "${key}") was not found. Use the fileKey that reading the attachment returns.`,
    );
  }
  return {
    raw: true,
    status: 200,
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': contentDisposition(file.name) },
    body: bytes,
  };
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/file.json', auth: 'any', body: 'multipart', handler: uploadFile },
  { method: 'GET', path: '/k/v1/file.json', auth: 'any', handler: downloadFile },
];
