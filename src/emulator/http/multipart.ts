/**
 * A multipart/form-data reader (RFC 7578) over a body already in memory. Each part's content is
 * a view into the body, not a copy, so a 100 MB upload is held once, not three or four times as
 * `new Response(body).formData()` then `file.arrayBuffer()` would.
 */

/** One part of the form. `filename` is undefined for a plain text field. */
export interface FormPart {
  readonly name: string;
  readonly filename: string | undefined;
  readonly contentType: string | undefined;
  readonly content: Buffer;
}

/** The body does not follow multipart/form-data: `message` says what is wrong, `fix` what to send instead. */
export class MultipartError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
  }
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The parts of a multipart/form-data body whose Content-Type header is `contentType`. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const boundary = boundaryOf(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const first = body.indexOf(delimiter);
  // Anything before the first boundary is a preamble, which must end with a line break.
  if (first < 0 || (first > 0 && !body.subarray(first - 2, first).equals(CRLF)))
    throw new MultipartError(
      `the boundary "${boundary}" does not occur in the body`,
      'check that the boundary in Content-Type is the one the body uses',
    );
  const parts: FormPart[] = [];
  let pos = first + delimiter.length;
  for (;;) {
    if (body.toString('latin1', pos, pos + 2) === '--') return parts;
    if (!body.subarray(pos, pos + 2).equals(CRLF))
      throw new MultipartError(
        'a boundary line is not followed by CRLF',
        'end each boundary line with CRLF (\\r\\n), as RFC 7578 requires',
      );
    pos += 2;
    // A part may have no headers at all: then its content starts right after one more CRLF.
    const headersEnd = body.subarray(pos, pos + 2).equals(CRLF) ? pos - 2 : body.indexOf(HEADERS_END, pos);
    if (headersEnd < 0)
      throw new MultipartError(
        'a part has no blank line after its headers',
        'end the headers of each part with an empty line (CRLF CRLF) before its content',
      );
    const headers = headersEnd < pos ? '' : body.toString('utf8', pos, headersEnd);
    const start = headersEnd + HEADERS_END.length;
    const end = body.indexOf(next, start);
    if (end < 0)
      throw new MultipartError(
        `a part is not closed by the boundary "${boundary}"`,
        `close the last part with "--${boundary}--"; a body cut short in transit also ends this way, so send it again`,
      );
    parts.push(part(headers, body.subarray(start, end)));
    pos = end + next.length;
  }
}

/** The `boundary` parameter of a multipart Content-Type, quoted or not. */
function boundaryOf(contentType: string): string {
  const params = parameters(contentType.slice(contentType.indexOf(';') + 1));
  const boundary = params.get('boundary');
  if (contentType.indexOf(';') < 0 || !boundary)
    throw new MultipartError(
      'the Content-Type has no boundary parameter',
      'send Content-Type: multipart/form-data; boundary=... with the boundary the body uses',
    );
  return boundary;
}

function part(headerText: string, content: Buffer): FormPart {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition))
    throw new MultipartError(
      'a part has no Content-Disposition: form-data header',
      'give each part a header Content-Disposition: form-data; name="file"; filename="..."',
    );
  const params = parameters(disposition.slice(disposition.indexOf(';') + 1));
  const name = params.get('name');
  if (name === undefined)
    throw new MultipartError(
      'a part has no name in its Content-Disposition',
      'name each part: Content-Disposition: form-data; name="file" for the file',
    );
  const extended = params.get('filename*');
  const filename = extended !== undefined ? decodeExtended(extended) : params.get('filename');
  return { name, filename, contentType: headers.get('content-type'), content };
}

/**
 * `key=value; key="quoted value"` pairs, keys lower-cased. Browsers and undici escape `"`, CR and
 * LF in names as %22, %0D, %0A (the HTML form encoding); curl escapes with a backslash. Both are undone.
 */
function parameters(text: string): Map<string, string> {
  const result = new Map<string, string>();
  const pattern = /\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)\s*(?:;|$)/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[2]!;
    const value = raw.startsWith('"')
      ? raw
          .slice(1, -1)
          .replace(/\\(.)/g, '$1')
          .replace(/%22/g, '"')
          .replace(/%0D/gi, '\r')
          .replace(/%0A/gi, '\n')
      : raw.trim();
    result.set(match[1]!.toLowerCase(), value);
  }
  return result;
}

/** RFC 5987 `charset'language'percent-encoded`, as `filename*` carries a name. */
function decodeExtended(value: string): string {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return value;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    throw new MultipartError(
      'the filename* parameter is not valid percent-encoded UTF-8',
      `percent-encode the name's UTF-8 bytes (filename*=UTF-8''na%C3%AFve.txt), or send it in filename="..."`,
    );
  }
}
