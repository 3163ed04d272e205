/**
 * Every row of the conversion table against the local service (issue 36: "a test checks every row
 * against the local service"). One app holds a source field and a target field of each type
 * (`src_<TYPE>`, `dst_<TYPE>`: the targets with fewer options, a length and a range, so values
 * that do not convert exist). For each row, values the source field accepts are written to it and
 * read back; the read value is converted with the target field's definition as the form API gives
 * it and the app's number precision as the settings API gives it; each value that converts is
 * written into the target field, which must accept it and give it back as converted; each value
 * that does not convert because the target refuses it is shown refused by the target.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversionFor,
  CONVERSIONS,
  isEmptyValue,
  type ConvertContext,
} from '../../../src/platform/conversions.js';
import { useLocalService } from '../../support/service.js';
import { ADMIN, passwordHeader } from '../../support/users.js';
import { ISSUE_PAIRS } from './issue-pairs.js';
import { CODES, GROUPS, ORGANIZATIONS, SAMPLES, SOURCE, TARGET, USERS } from './samples.js';

const service = useLocalService({
  emulator: { users: USERS, organizations: ORGANIZATIONS, groups: GROUPS },
  resetEachTest: false,
});

async function call(method: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const get = method === 'GET';
  const url = new URL(service.url + path);
  if (get) for (const [k, v] of Object.entries(body as object)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { ...passwordHeader(ADMIN), ...(get ? {} : { 'Content-Type': 'application/json' }) },
    ...(get ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

async function ok(method: string, path: string, body: unknown): Promise<any> {
  const res = await call(method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Reasons for which the record API itself refuses the value as the target field would get it
 * (the local service's checks: platform-facts-verified "Record validation"). The others are this
 * table's own honesty (markup, digits the app would round, seconds, an empty radio button, a
 * line break in a one-line text: the form's one-line input cannot show it, while the record API's
 * answer is not documented and the local service takes it): the service would take those values.
 */
const TARGET_REFUSES =
  /^(longer than|"[^"]*" is not an option|not a number|less than the minimum|more than the maximum|not a date|not a time|no (user|organization|group) |holds \d+ choices)/;

let app = '';
let fields: Record<string, { type: string; [k: string]: unknown }> = {};
let precision: ConvertContext['numberPrecision'];

beforeAll(async () => {
  app = (await ok('POST', '/k/v1/preview/app.json', { name: 'Conversions' })).app;
  const properties: Record<string, unknown> = {};
  for (const [type, props] of Object.entries(SOURCE))
    properties[`src_${type}`] = { type, code: `src_${type}`, label: `src ${type}`, ...props };
  for (const [type, props] of Object.entries(TARGET))
    properties[`dst_${type}`] = { type, code: `dst_${type}`, label: `dst ${type}`, ...props };
  await ok('POST', '/k/v1/preview/app/form/fields.json', { app, properties });
  await ok('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  for (;;) {
    const status = await ok('GET', '/k/v1/preview/app/deploy.json', { 'apps[0]': app });
    if (status.apps[0].status === 'SUCCESS') break;
    expect(status.apps[0].status).toBe('PROCESSING');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  fields = (await ok('GET', '/k/v1/app/form/fields.json', { app })).properties;
  precision = (await ok('GET', '/k/v1/app/settings.json', { app })).numberPrecision;
});

/** Adds records with these values in `code` and returns the values as the service gives them back, by id. */
async function stored(code: string, values: unknown[]): Promise<{ id: string; value: unknown }[]> {
  const { ids } = await ok('POST', '/k/v1/records.json', {
    app,
    records: values.map((value) => ({ [code]: { value } })),
  });
  return Promise.all(
    (ids as string[]).map(async (id) => ({
      id,
      value: (await ok('GET', '/k/v1/record.json', { app, id })).record[code].value,
    })),
  );
}

/** Entities come back as `{code, name}`; a conversion writes `{code}`. */
function comparable(value: unknown): unknown {
  return Array.isArray(value) && value.some((v) => typeof v === 'object')
    ? value.map((v: { code: string }) => ({ code: v.code }))
    : value;
}

/** The kinds of refusal (TARGET_REFUSES) the rows showed the target making. */
const refusalsShown = new Set<string>();

describe('every conversion row against the local service', () => {
  const rows = [
    ...new Set([
      ...ISSUE_PAIRS.map(([from, to]) => `${from} ${to}`),
      ...CONVERSIONS.map((c) => `${c.from} ${c.to}`),
    ]),
  ].map((key) => key.split(' ') as [string, string]);

  it.each(rows)('%s -> %s', async (from, to) => {
    const row = conversionFor(from, to);
    expect(row, `a row for ${from} -> ${to}`).toBeDefined();
    const context: ConvertContext = {
      from: fields[`src_${from}`]!,
      to: fields[`dst_${to}`]!,
      migrate: {},
      timeZone: 'Asia/Tokyo',
      entityExists: (kind, code) => CODES[kind].includes(code),
      ...(precision ? { numberPrecision: precision } : {}),
    };
    const read = await stored(`src_${from}`, SAMPLES[from]!);
    const results = read.map(({ id, value }) => ({ id, value, result: row!.convert(value, context) }));
    const converting = results.filter((r) => r.result.ok);
    // Each row converts at least one value that is not empty.
    expect(converting.some((r) => !isEmptyValue(r.value))).toBe(true);
    for (const { id, result } of converting) {
      const value = (result as { value: unknown }).value;
      const put = await call('PUT', '/k/v1/record.json', { app, id, record: { [`dst_${to}`]: { value } } });
      expect(put.status, `${JSON.stringify(value)} into dst_${to}: ${JSON.stringify(put.body)}`).toBe(200);
      const back = (await ok('GET', '/k/v1/record.json', { app, id })).record[`dst_${to}`].value;
      expect(comparable(back), `dst_${to} read back`).toEqual(value);
    }
    for (const { id, value, result } of results) {
      if (result.ok || from === 'RICH_TEXT' || !TARGET_REFUSES.test(result.reason)) continue;
      const put = await call('PUT', '/k/v1/record.json', { app, id, record: { [`dst_${to}`]: { value } } });
      expect(put.status, `${JSON.stringify(value)} (${result.reason}) refused by dst_${to}`).toBe(400);
      refusalsShown.add(TARGET_REFUSES.exec(result.reason)![1]!.replace(/"[^"]*"/, '"…"'));
    }
  });

  it('showed the target refusing each kind of value that does not convert for it', () => {
    expect([...refusalsShown].sort()).toEqual([
      '"…" is not an option',
      'holds 2 choices',
      'less than the minimum',
      'longer than',
      'more than the maximum',
      'no group ',
      'no organization ',
      'no user ',
      'not a date',
      'not a number',
      'not a time',
    ]);
  });
});
