/**
 * addAll, updateAll and deleteAll against the local service, three bulk requests at once
 * (`parallel: 3`, 4,250 records: 2,000, 2,000 and 250), the third refused at its second call (the
 * record at index 4,150). Bulk semantics (rest-interface.md, "Errors" 3): the first two requests
 * and the third's first call are written, the rest of the third is not. Each error names its own
 * kind and counts that kind's records alone, also when the three kinds run at once, as seed runs
 * them (records/seed-apply.ts).
 */
import { describe, expect, it } from 'vitest';
import { BulkWriteError, type Client } from '../../src/client/index.js';
import { useLocalService } from '../support/service.js';

const service = useLocalService({ client: {} });

const COUNT = 4250;
const REFUSED = 4150;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const titled = (title: string, code: string) => ({ title: { value: title }, code: { value: code } });

async function deployedApp(client: Client): Promise<string> {
  const { app } = await client.apps.addApp({ name: 'Bulk writes' });
  await client.form.addFields({
    app,
    properties: {
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'title' },
      code: { type: 'SINGLE_LINE_TEXT', code: 'code', label: 'code', unique: true },
    },
  });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
  return app;
}

/** `COUNT` records titled `old`, coded `<prefix><index>`; their ids in order. */
async function existing(client: Client, app: string, prefix: string): Promise<string[]> {
  const added = await client.records.addAll(
    app,
    range(0, COUNT).map((i) => titled('old', `${prefix}${i}`)),
    { parallel: 3 },
  );
  return added.records.map((r) => r.id!);
}

async function titlesByCode(client: Client, app: string): Promise<Map<string, string>> {
  const byCode = new Map<string, string>();
  for await (const record of client.records.iterate(app, { fields: ['title', 'code'] }))
    byCode.set(record.code!.value as string, record.title!.value as string);
  return byCode;
}

interface Kind {
  operation: 'add' | 'update' | 'delete';
  /** Sets the app up; the write to make, refused at REFUSED. */
  prepare(client: Client, app: string): Promise<() => Promise<unknown>>;
  /** The code of the record at an index of the write, and its title after it (undefined: absent). */
  after(index: number, written: boolean): [string, string | undefined];
}

const KINDS: Kind[] = [
  {
    // A code already taken: the unique check refuses it (CB_VA01).
    operation: 'add',
    prepare: async (client, app) => {
      await client.records.addRecord({ app, record: titled('there', 'taken') });
      const items = range(0, COUNT).map((i) => titled('new', i === REFUSED ? 'taken' : `a${i}`));
      return () => client.records.addAll(app, items, { parallel: 3 });
    },
    after: (i, written) => [`a${i}`, written ? 'new' : undefined],
  },
  {
    // A revision the record is not at: refused (GAIA_CO02).
    operation: 'update',
    prepare: async (client, app) => {
      const ids = await existing(client, app, 'u');
      const updates = ids.map((id, i) => ({
        id,
        revision: i === REFUSED ? 99 : 1,
        record: { title: { value: 'new' } },
      }));
      return () => client.records.updateAll(app, updates, { parallel: 3 });
    },
    after: (i, written) => [`u${i}`, written ? 'new' : 'old'],
  },
  {
    // A record that is not there: refused (GAIA_RE01).
    operation: 'delete',
    prepare: async (client, app) => {
      const ids = await existing(client, app, 'd');
      const gone = ids[REFUSED]!;
      await client.records.deleteAll(app, [gone]);
      return () => client.records.deleteAll(app, ids, { parallel: 3 });
    },
    after: (i, written) => [`d${i}`, written || i === REFUSED ? undefined : 'old'],
  },
];

/** What the error says, and what the service holds after it: the same records written. */
async function expectRefusedInThird(client: Client, app: string, kind: Kind, error: unknown) {
  expect(error).toBeInstanceOf(BulkWriteError);
  const report = error as BulkWriteError;
  expect(report.operation).toBe(kind.operation);
  expect(report.written.map((r) => r.index)).toEqual(range(0, 4100));
  // The two requests that landed answer every id; a refused one does not repeat its completed
  // calls' answers (platform-facts.md, "Records, cursors, bulk"): an add's new ids there are unknown.
  expect(report.written.slice(0, 4000).every((r) => r.id !== undefined)).toBe(true);
  expect(report.notWritten).toEqual(range(4100, COUNT));
  expect(report.unknown).toEqual([]);
  expect(report.message).toMatch(
    new RegExp(
      `^${kind.operation}All on app ${app} stopped after a failed bulk request: of ${COUNT} records, ` +
        `4100 written \\(indexes 0-4099\\); 150 not written \\(indexes 4100-4249\\)\\. Cause: `,
    ),
  );
  const held = await titlesByCode(client, app);
  for (const i of range(0, COUNT)) {
    const [code, title] = kind.after(i, i < 4100);
    expect([code, held.get(code)]).toEqual([code, title]);
  }
}

describe('a refusal in the third of three bulk requests at once', () => {
  it.each(KINDS)(
    '$operation: the first two and the call before the refused one are written, and said so',
    async (kind) => {
      const app = await deployedApp(service.client);
      const write = await kind.prepare(service.client, app);
      const error = await write().catch((e: unknown) => e);
      await expectRefusedInThird(service.client, app, kind, error);
    },
    60_000,
  );

  it('the three kinds at once (as seed writes them): each error counts its own kind', async () => {
    const apps = await Promise.all(KINDS.map(() => deployedApp(service.client)));
    const writes = await Promise.all(KINDS.map((kind, k) => kind.prepare(service.client, apps[k]!)));
    const errors = await Promise.all(writes.map((write) => write().catch((e: unknown) => e)));
    for (const [k, kind] of KINDS.entries())
      await expectRefusedInThird(service.client, apps[k]!, kind, errors[k]);
  }, 120_000);
});
