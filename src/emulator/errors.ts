import { randomBytes } from 'node:crypto';

/** Validation messages keyed by parameter path, as the service's `errors` map carries them. */
export type FieldErrors = Record<string, { messages: string[] }>;

/** An error the service answers with: status, code and message, plus `errors` on validation failures. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }

  body(): { code: string; id: string; message: string; errors?: FieldErrors } {
    return {
      code: this.code,
      id: errorId(),
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export function errorId(): string {
  return randomBytes(10).toString('base64url');
}

/** 400 CB_VA01 naming each bad parameter path. */
export function invalid(errors: FieldErrors | Record<string, string>): ApiError {
  const map: FieldErrors = {};
  for (const [path, value] of Object.entries<string | { messages: string[] }>(errors))
    map[path] = typeof value === 'string' ? { messages: [value] } : value;
  return new ApiError(400, 'CB_VA01', 'Missing or invalid input.', map);
}

/** Collects validation messages and throws them together, so a caller sees every problem at once. */
export class Problems {
  // No prototype: a parameter named `constructor` or `__proto__` is a key like any other.
  private readonly map: FieldErrors = Object.create(null) as FieldErrors;
  // Asked once per record of a write: counted, not the map's keys listed each time.
  private count = 0;

  add(path: string, message: string): void {
    (this.map[path] ??= { messages: [] }).messages.push(message);
    this.count++;
  }

  get empty(): boolean {
    return this.count === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw invalid(this.map);
  }
}

export const errors = {
  noAuth: () =>
    new ApiError(
      401,
      'CB_AU01',
      'Authentication is required: send X-Cybozu-Authorization or X-Cybozu-API-Token (or X-Service-Authorization or X-Service-API-Token).',
    ),
  badLogin: () => new ApiError(401, 'CB_WA01', 'The login name or password is wrong.'),
  // The hosted platform answers a token it never issued as it answers one of another app.
  badToken: (header: string) =>
    new ApiError(
      400,
      'GAIA_IA02',
      `An API token sent in ${header} matches no token of any app; check the header, or issue a token (POST /_emulator/tokens).`,
    ),
  tokenNotForApp: () => new ApiError(400, 'GAIA_IA02', 'The API token does not match the app.'),
  // The hosted platform's answer to an API token on a call the token may not make: an API that
  // takes no token at all (customization, creating apps, system plug-ins: each endpoint's page
  // on kintone.dev, "API Tokens cannot be used with this API"), or a permission the token lacks
  // (kintone/cli-kintone features/import.feature, run against a real kintone: a view-only token
  // importing records gets `[403] [GAIA_NO01] Using this API token, you cannot run the specified
  // API.`). See token-refusal.ts.
  tokenCannotRun: () =>
    new ApiError(403, 'GAIA_NO01', 'Using this API token, you cannot run the specified API.'),
  forbidden: (what = 'this operation') =>
    new ApiError(403, 'CB_NO02', `You do not have permission for ${what}.`),
  appNotFound: (id: string) => new ApiError(404, 'GAIA_AP01', `The app (id: ${id}) was not found.`),
  revision: (expected: string, actual: string) =>
    new ApiError(
      409,
      'GAIA_CO02',
      `The revision is not the latest. Someone may have changed it (expected ${expected}, current ${actual}).`,
    ),
  deploying: (app: string) =>
    new ApiError(
      409,
      'GAIA_DE01',
      `The app (id: ${app}) is being deployed; try again when its deploy has finished.`,
    ),
  // A live ACL or admin-notes PUT publishes the draft at once; when a deploy of that draft would
  // FAIL, the write is refused instead and changes nothing.
  cannotPublish: (app: string, reason: string) =>
    new ApiError(
      409,
      'GAIA_DE02',
      `The app (id: ${app}) has pending draft changes that cannot go live (${reason}); a PUT on a live ACL or admin notes path publishes the whole draft. Fix or revert the draft, or write to the /k/v1/preview/ path instead.`,
    ),
  notFoundPath: (method: string, path: string) =>
    new ApiError(404, 'CB_NF01', `No API at ${method} ${path}.`),
  badJson: () => new ApiError(400, 'CB_IJ01', 'The request body is not valid JSON.'),
  contentType: (type: string) =>
    new ApiError(
      415,
      'CB_UT01',
      `Unsupported Content-Type "${type}"; send application/json (or multipart/form-data for file uploads).`,
    ),
  tooLarge: (limit: number) =>
    new ApiError(413, 'CB_RE01', `The request body is larger than ${limit} bytes.`),
  tooMany: () => new ApiError(429, 'GAIA_TO04', 'Too many concurrent requests; retry later.'),
};

/** The largest upload, in MB as the `--max-upload-mb` flag takes it (and in bytes when not whole). */
function uploadCap(maxFileBytes: number): string {
  const mb = maxFileBytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Number(mb.toFixed(3))} MB (${maxFileBytes} bytes)`;
}

/**
 * 413 CB_RE01 for a file over the upload cap: the file's size when known (the whole body was
 * read), the cap, and how to raise it.
 */
export function uploadTooLarge(maxFileBytes: number, size?: number): ApiError {
  const what = size === undefined ? 'The uploaded file is' : `The uploaded file is ${size} bytes,`;
  const message = `${what} larger than the upload cap of ${uploadCap(maxFileBytes)}. Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator).`;
  return new ApiError(413, 'CB_RE01', message, { file: { messages: [message] } });
}
