import { arr, byValue, obj, str, type Shape } from './shape.js';

/** A JS or CSS entry: a URL, or an uploaded file (`file.fileKey` on write). */
const resource: Shape = byValue((value) =>
  (value as { type?: unknown } | null)?.type === 'FILE'
    ? obj(
        { type: str(), file: obj({ fileKey: str() }, { required: ['fileKey'], open: true }) },
        { required: ['file'] },
      )
    : obj({ type: str({ oneOf: ['URL', 'FILE'] }), url: str() }, { required: ['type', 'url'] }),
);

const files = arr(resource, { max: 30 });

/** Customization (`PUT preview/app/customize.json`). */
export const customizeBody: Record<string, Shape> = {
  scope: str({ oneOf: ['ALL', 'ADMIN', 'NONE'] }),
  desktop: obj({ js: files, css: files }),
  mobile: obj({ js: files, css: files }),
};
