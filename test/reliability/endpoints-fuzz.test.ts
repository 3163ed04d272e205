import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { multipart } from '../emulator/files/file-upload.js';
import { ADMIN, useEmulator } from '../emulator/harness.js';
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz } from './fuzz.js';
import { expectServiceAnswer } from './service-answers.js';

/**
 * Every endpoint of the local service with random and mutated bodies and query strings: never a
 * 5xx, never a dropped connection, every failure the documented `{code, id, message, errors?}`.
 */
const ENDPOINTS = (
  JSON.parse(readFileSync(new URL('../client/spec-endpoints.json', import.meta.url), 'utf8')) as {
    method: string;
    path: string;
  }[]
).map((e) => ({ ...e, path: e.path.replace('{spaceId}', '1') }));

const emu = useEmulator();

const KEYS = [
  'app',
  'apps',
  'id',
  'ids',
  'record',
  'records',
  'revision',
  'revisions',
  'query',
  'fields',
  'totalCount',
  'name',
  'space',
  'thread',
  'properties',
  'layout',
  'views',
  'rights',
  'lang',
  'codes',
  'offset',
  'limit',
  'size',
  'body',
  'members',
  'guests',
  'comment',
  'order',
  'action',
  'assignees',
  'status',
  'fileKey',
  'requests',
  'cursor',
  'updateKey',
  'revert',
  'content',
  'plugins',
  'pluginIds',
  'filterCond',
  'sort',
  'states',
  'actions',
  'enable',
  'desktop',
  'mobile',
  'scope',
  'reports',
  'notifications',
  'reminders',
];
const scalar = fc.oneof(
  fc.constantFrom('1', '2', 1, 2, 0, -1, '', 'x', null, true, '1e999', 'NaN', '$id', 'a = 1 or', '__proto__'),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.double(),
);
const anyValue = fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 }), fc.array(scalar, { maxLength: 3 }));
const params = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), anyValue, {
  maxKeys: 5,
});
const endpoint = fc.constantFrom(...ENDPOINTS);

/** Bodies that are not a JSON object, or not JSON at all, or not declared as JSON. */
const rawBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
  params.chain((p) => {
    const text = JSON.stringify(p);
    return fc.nat(text.length).map((n) => text.slice(0, n));
  }),
  fc.constantFrom(
    '{"app":',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    '[',
    '\u0000',
    '{}{}',
  ),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
);

/** Query strings written by hand: broken escapes, repeated and bracketed names. */
const rawQuery = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 }))
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
      fc.constantFrom(
        'app=1',
        'app=1&app=2',
        'apps[]=1',
        'ids[0]=1',
        'fields[]=',
        '%ZZ=1',
        'app=%',
        '=',
        '&&',
        'a[b][c]=1',
        'query=order%20by',
        'id=1',
      ),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join('&'));

async function seed(): Promise<void> {
  // App 1 exists and is deployed, with a record: random ids then reach real data now and then.
  const app = await emu.deployedApp('Fuzzed');
  await emu.call('POST', '/k/v1/record.json', { app, record: {} });
}

/** Fuzzes the seeded service: `check` must hold for every generated case. */
async function fuzzSeeded<T>(...args: Parameters<typeof fuzz<T>>): Promise<void> {
  await seed();
  await fuzz(...args);
}

describe('local service endpoints fuzz', { timeout: FUZZ_TIMEOUT * 3 }, () => {
  it('random JSON parameters on every endpoint', async (context) => {
    await fuzzSeeded(
      context,
      fc.tuple(endpoint, params),
      async ([e, p]) => {
        const reply = await emu.call(e.method, e.path, p);
        expectServiceAnswer(reply, `${e.method} ${e.path} ${JSON.stringify(p)}`);
      },
      FUZZ_RUNS * 5,
    );
  });

  it('mutated bodies and content types', async (context) => {
    await fuzzSeeded(
      context,
      fc.tuple(
        endpoint.filter((e) => e.method !== 'GET'),
        rawBody,
        contentType,
      ),
      async ([e, body, type]) => {
        const reply = await emu.call(e.method, e.path, undefined, {
          rawBody: body,
          headers: { 'Content-Type': type },
        });
        expectServiceAnswer(reply, `${e.method} ${e.path} ${type} ${JSON.stringify(body)}`);
      },
      FUZZ_RUNS * 3,
    );
  });

  it('hand-written query strings', async (context) => {
    await fuzzSeeded(
      context,
      fc.tuple(endpoint, rawQuery),
      async ([e, query]) => {
        const res = await fetch(`${emu.url}${e.path}?${query}`, {
          method: e.method,
          headers: {
            'X-Service-Authorization': Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64'),
          },
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text: the shape check says so
        }
        // A file download answers bytes, not JSON.
        if (e.path === '/k/v1/file.json' && res.status === 200) return;
        expectServiceAnswer(
          { status: res.status, body, headers: res.headers },
          `${e.method} ${e.path}?${query}`,
        );
      },
      FUZZ_RUNS * 3,
    );
  });

  it('multipart uploads with broken boundaries and truncated bodies', async (context) => {
    const { body, contentType: good } = await multipart({
      file: { bytes: Buffer.from('hello, file\r\n--not-a-boundary\r\n'), name: 'a.txt', type: 'text/plain' },
    });
    const boundary = /boundary=(.*)$/.exec(good)![1]!;
    const mutation = fc.record({
      cut: fc.nat(body.length),
      typeHeader: fc.constantFrom(
        good,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
        `multipart/form-data; boundary="${boundary}`,
        `multipart/form-data; boundary=${boundary}; boundary=x`,
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
      ),
      insert: fc.option(fc.string({ maxLength: 20 })),
      at: fc.nat(body.length),
    });
    await fuzz(
      context,
      mutation,
      async (m) => {
        let bytes = body.subarray(0, Math.max(m.cut, m.at));
        if (m.insert !== null)
          bytes = Buffer.concat([bytes.subarray(0, m.at), Buffer.from(m.insert), bytes.subarray(m.at)]);
        const reply = await emu.call('POST', '/k/v1/file.json', undefined, {
          rawBody: bytes,
          headers: { 'Content-Type': m.typeHeader },
        });
        expectServiceAnswer(reply, `POST /k/v1/file.json ${JSON.stringify(m)}`);
      },
      FUZZ_RUNS * 3,
    );
  });
});
