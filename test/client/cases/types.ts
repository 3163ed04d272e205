import type { Client } from '../../../src/client/index.js';

/** One endpoint of the spec, the client call that reaches it, and what must go over the wire. */
export interface EndpointCase {
  /** As the spec and the README table name it: `GET /k/v1/record.json`. */
  endpoint: string;
  /** The client method, as the README table names it: `records.getRecord`. */
  method: string;
  call: (client: Client) => Promise<unknown>;
  /** The request path when it differs from the endpoint's (a guest space id filled in). */
  path?: string;
  /** The query string exactly as sent: not decoded, so `fields[]=` and `fields%5B%5D=` differ. */
  query?: string;
  /** The JSON body. */
  body?: unknown;
  /** The answer the fake service gives; the call must return it unchanged. */
  response?: unknown;
  /** For bodies that are not JSON (multipart): checks the recorded body instead of `body`. */
  checkBody?: (body: unknown) => void;
  /** For answers that are not JSON: the raw reply, and what the call must return. */
  raw?: { text: string; contentType: string; result: unknown };
}
