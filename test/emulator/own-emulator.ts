import type { RunningEmulator } from '../../src/emulator/index.js';
import { uploadKey } from './files/file-upload.js';
import { rec } from './records/records-helpers.js';
import type { CallOptions, Reply } from './harness.js';
import { ADMIN } from '../support/users.js';

/** The harness's `call`, against an emulator a test starts itself (to restart it on the same data). */
export function caller(emu: RunningEmulator) {
  return async (method: string, path: string, params?: unknown, opts: CallOptions = {}): Promise<Reply> => {
    const user = opts.user === undefined ? ADMIN : opts.user!;
    const headers: Record<string, string> = {
      ...opts.headers,
      'X-Service-Authorization': Buffer.from(`${user.login}:${user.password}`).toString('base64'),
    };
    const json = params !== undefined && opts.rawBody === undefined;
    if (json) headers['Content-Type'] = 'application/json';
    // A GET with parameters goes as the service allows long queries: POST with the override header.
    if (json && method === 'GET') headers['X-HTTP-Method-Override'] = 'GET';
    const sent = json && method === 'GET' ? 'POST' : method;
    const body = opts.rawBody ?? (json ? JSON.stringify(params) : undefined);
    const res = await fetch(emu.url + path, {
      method: sent,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
}

export type Call = ReturnType<typeof caller>;

/** The body of a call that must succeed (set-up steps). */
export async function must(reply: Promise<Reply>): Promise<any> {
  const res = await reply;
  if (res.status !== 200) throw new Error(`setup: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Deploys the app's draft and waits until the deploy leaves PROCESSING. */
export async function deployed(call: Call, app: string): Promise<void> {
  await must(call('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] }));
  for (;;) {
    const { apps } = await must(call('GET', '/k/v1/preview/app/deploy.json', { apps: [app] }));
    if (apps[0].status !== 'PROCESSING') return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A deployed app with a FILE field, `attachment`, and any other fields given. */
export async function appWithFile(
  call: Call,
  name: string,
  more: Record<string, object> = {},
): Promise<string> {
  const { app } = await must(call('POST', '/k/v1/preview/app.json', { name }));
  const properties = Object.fromEntries(
    Object.entries({ attachment: { type: 'FILE' }, ...more }).map(([code, p]) => [
      code,
      { code, label: code, ...p },
    ]),
  );
  await must(call('POST', '/k/v1/preview/app/form/fields.json', { app, properties }));
  await deployed(call, app);
  return app as string;
}

/** A record value whose `attachment` holds the key. */
export const fileRecord = (fileKey: string) => rec({ attachment: [{ fileKey }] });

/** Adds a record of `app` holding a new file; returns the record id and the file's attachment key. */
export async function recordWithFile(call: Call, app: string): Promise<{ id: string; key: string }> {
  const upload = await uploadKey(call, Buffer.from('report'), 'report.txt', 'text/plain');
  const { id } = await must(call('POST', '/k/v1/record.json', { app, record: fileRecord(upload) }));
  const read = await must(call('GET', '/k/v1/record.json', { app, id }));
  return { id, key: read.record.attachment.value[0].fileKey as string };
}
