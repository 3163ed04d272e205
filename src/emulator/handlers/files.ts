import { ApiError, invalid, uploadTooLarge } from '../errors.js';
import { findAttachment, storeUpload, UPLOADS_TABLE } from '../model/files.js';
import { lostContent } from '../model/lost-files.js';
import { MultipartError, parseMultipart, type FormPart } from '../http/multipart.js';
import { requireDownloadRight } from './file-access.js';
import type { ApiRequest, RawResponse, Route } from '../context.js';

/** POST /k/v1/file.json: multipart/form-data with the file in the `file` field. Returns an upload key. */
function uploadFile(req: ApiRequest): unknown {
  const file = readForm(req).find((part) => part.name === 'file');
  if (file === undefined)
    throw invalid({ file: 'Required field: send the file in the multipart field "file".' });
  if (file.filename === undefined)
    throw invalid({ file: 'The "file" field holds text, not a file: send it with a filename.' });
  const limit = req.ctx.settings.maxFileBytes;
  if (file.content.length > limit) throw uploadTooLarge(limit, file.content.length);
  const fileKey = storeUpload(req.ctx, {
    bytes: file.content,
    name: file.filename || 'file',
    contentType: file.contentType || 'application/octet-stream',
  });
  return { fileKey };
}

function readForm(req: ApiRequest): FormPart[] {
  const contentType = req.headers['content-type'];
  try {
    return parseMultipart(req.body, typeof contentType === 'string' ? contentType : '');
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    throw invalid({
      file: `The body is not valid multipart/form-data (${error.message}); ${error.fix}.`,
    });
  }
}

/** GET /k/v1/file.json: the bytes of an attached file. Upload keys do not download. */
function downloadFile(req: ApiRequest): RawResponse {
  const key = req.params.str('fileKey', { min: 1 });
  const file = findAttachment(req.ctx, key);
  if (file) requireDownloadRight(req, file);
  const bytes = file ? req.ctx.store.blobs.get(file.blob) : undefined;
  // Named by the journal, its bytes lost in a crash (model/lost-files.ts): said so, not "not found".
  if (file && bytes?.length !== file.size) throw new ApiError(404, 'GAIA_BL01', lostContent(key));
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
