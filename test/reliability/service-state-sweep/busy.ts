import { settingsEndpoint } from '../../../src/platform/index.js';
import { newRecord, someRecords, type Env } from './operations.js';
import { post, type Read, type Snapshot } from './snapshot.js';

/**
 * Writes in flight when the service is killed: each one must be wholly there or wholly absent
 * after the restart, and there when it was answered 2xx. Each names the snapshot keys it may
 * change; every other key must read as it did before.
 */
export interface InFlight {
  readonly name: string;
  /** Sends the write (made ready before the snapshot): whether it was answered 2xx. */
  launch(): Promise<boolean>;
  /** Whether a snapshot key is this write's to change. */
  mayChange(key: string, before: Snapshot): boolean;
  /** What is wrong with the state after the restart, given whether the write was answered 2xx. */
  check(before: Snapshot, after: Snapshot, acknowledged: boolean): string[];
}

type Fields = Record<string, { value: unknown }>;

function recordsOf(snapshot: Snapshot, app: string): Map<string, Fields> {
  const out = new Map<string, Fields>();
  const prefix = `app ${app} record `;
  for (const [key, read] of snapshot.reads)
    if (key.startsWith(prefix) && !key.endsWith(' comments'))
      out.set(key.slice(prefix.length), read.body as Fields);
  return out;
}

const answeredOf = (p: () => Promise<unknown>) => () =>
  p().then(
    () => true,
    () => false,
  );

/** A large add of records tagged `tag-i` (bulky rows, so its journal line spans many pages). */
export async function bulkAdd(env: Env, app: string, tag: string): Promise<InFlight> {
  const count = 1 + env.dice.int(100);
  const records = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const record = await newRecord(env, `${tag}-${i}`, false);
      record.tbl = { value: [{ value: { tt: { value: 'x'.repeat(env.dice.int(4000)) } } }] };
      return record;
    }),
  );
  return {
    name: `add ${count} records to app ${app} (${tag})`,
    launch: answeredOf(() => env.client.records.addRecords({ app, records })),
    // New records only: the ones there before are not this write's.
    mayChange: (key, before) => key.startsWith(`app ${app} record `) && !before.reads.has(key),
    check: (before, after, acknowledged) => {
      const had = new Set(recordsOf(before, app).keys());
      const landed = [...recordsOf(after, app)].filter(
        ([id, r]) => !had.has(id) && String(r.t?.value).startsWith(`${tag}-`),
      );
      if (landed.length !== 0 && landed.length !== count)
        return [`${tag}: ${landed.length} of ${count} records landed (all or nothing)`];
      if (acknowledged && landed.length === 0) return [`${tag}: answered 2xx, but no record is there`];
      return [];
    },
  };
}

/** The records' `t` all set to `tag`, in one call or in a bulk request with an add. */
export function bulkUpdate(env: Env, app: string, ids: string[], tag: string, inBulk: boolean): InFlight {
  const updates = ids.map((id) => ({ id, record: { t: { value: tag } } }));
  const call = () =>
    inBulk
      ? env.client.bulk.send([
          { method: 'PUT', api: 'records.json', payload: { app, records: updates } },
          { method: 'POST', api: 'record.json', payload: { app, record: { t: { value: `${tag}-added` } } } },
        ])
      : env.client.records.updateRecords({ app, records: updates });
  const keys = new Set(ids.map((id) => `app ${app} record ${id}`));
  return {
    name: `${inBulk ? 'bulk request: update' : 'update'} ${ids.length} records of app ${app} (${tag})`,
    launch: answeredOf(call),
    mayChange: (key, before) =>
      keys.has(key) || (inBulk && key.startsWith(`app ${app} record `) && !before.reads.has(key)),
    check: (before, after, acknowledged) => {
      const old = recordsOf(before, app);
      const now = recordsOf(after, app);
      const problems: string[] = [];
      let changed = 0;
      for (const id of ids) {
        const [a, b] = [old.get(id)!, now.get(id)];
        if (!b) {
          problems.push(`${tag}: record ${id} is gone`);
          continue;
        }
        const revisionBefore = Number(a.$revision!.value);
        const revisionAfter = Number(b.$revision!.value);
        if (b.t!.value === tag && revisionAfter === revisionBefore + 1) changed++;
        else if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(`${tag}: record ${id} is neither as it was nor updated: ${JSON.stringify([a, b])}`);
      }
      const added = [...now].filter(([id, r]) => !old.has(id) && r.t?.value === `${tag}-added`).length;
      const whole = inBulk ? changed + added : changed;
      const all = inBulk ? ids.length + 1 : ids.length;
      if (whole !== 0 && whole !== all)
        problems.push(`${tag}: ${whole} of ${all} writes landed (all or nothing)`);
      if (acknowledged && whole !== all)
        problems.push(`${tag}: answered 2xx, but ${whole} of ${all} writes are there`);
      return problems;
    },
  };
}

/** A comment on the record. */
export function comment(env: Env, app: string, record: string, tag: string): InFlight {
  const key = `app ${app} record ${record} comments`;
  return {
    name: `comment on record ${record} of app ${app} (${tag})`,
    launch: answeredOf(() => env.client.comments.addComment({ app, record, comment: { text: tag } })),
    mayChange: (k) => k === key,
    check: (before, after, acknowledged) => {
      const old = before.reads.get(key)!.body as { text: string }[];
      const now = after.reads.get(key)!.body as { text: string }[];
      const same = JSON.stringify(old) === JSON.stringify(now);
      const added =
        JSON.stringify(old) === JSON.stringify(now.slice(0, -1)) && now.at(-1)?.text.startsWith(tag);
      if (!same && !added) return [`${tag}: comments neither as they were nor with the new one`];
      if (acknowledged && !added) return [`${tag}: answered 2xx, but the comment is not there`];
      return [];
    },
  };
}

/**
 * A deploy of a draft that renames the app to `tag` and adds a field `tag` (both pending): live
 * is then the old version, or the new one whole.
 */
export async function deploy(env: Env, app: string, tag: string): Promise<InFlight> {
  await env.client.settings.write(settingsEndpoint('general'), { app, copy: 'draft', name: tag });
  await env.client.form.addFields({
    app,
    properties: { [tag]: { type: 'NUMBER', code: tag, label: tag } } as never,
  });
  return {
    name: `deploy app ${app} (${tag})`,
    launch: answeredOf(() => env.client.apps.deploy({ apps: [{ app }] })),
    // The app's own reads, and the lists that show its live name (apps, a space's attached apps).
    mayChange: (key) =>
      key.startsWith(`app ${app} `) || key === `app ${app}` || key === 'apps' || /^space \d+$/.test(key),
    check: (before, after, acknowledged) => {
      const read = (s: Snapshot, k: string): Read => s.reads.get(`app ${app} ${k}`)!;
      const live = (s: Snapshot, endpoint: string) => read(s, `live ${endpoint}`);
      const name = (live(after, 'app/settings.json').body as { name?: string }).name;
      const problems: string[] = [];
      const deployStatus = (read(after, 'deploy').body as { apps: { status: string }[] }).apps[0]!.status;
      if (name !== tag) {
        // Not live: every area of the live copy as it was, the records too.
        for (const [key, value] of before.reads)
          if (
            key.startsWith(`app ${app} live `) &&
            JSON.stringify(value) !== JSON.stringify(after.reads.get(key))
          )
            problems.push(`${tag}: ${key} changed, though the deploy did not go live`);
        if (acknowledged && deployStatus === 'SUCCESS')
          problems.push(
            `${tag}: deploy answered 2xx and SUCCESS, but the app's live name is not the new one`,
          );
        return problems;
      }
      const fields = (live(after, 'app/form/fields.json').body as { properties: object }).properties;
      if (!(tag in fields)) problems.push(`${tag}: live has the new name but not the new field`);
      if (deployStatus !== 'SUCCESS')
        problems.push(`${tag}: live has the new version, deploy status ${deployStatus}`);
      return problems;
    },
  };
}

/** The clock moved by `advanceMs`: after the restart, moved by that or not at all. */
export function clock(env: Env, advanceMs: number): InFlight {
  return {
    name: `move the clock ${advanceMs} ms`,
    launch: answeredOf(() =>
      post(env.base, '/_emulator/clock', { advanceMs }).then((r) => {
        if (r.status !== 200) throw new Error(String(r.status));
      }),
    ),
    mayChange: () => false,
    check: (before, after, acknowledged) => {
      const moved = after.clockOffsetMs - before.clockOffsetMs;
      const near = (ms: number) => Math.abs(moved - ms) < 2_000;
      if (!near(0) && !near(advanceMs)) return [`clock: moved ${moved} ms, not 0 nor ${advanceMs}`];
      if (acknowledged && !near(advanceMs)) return [`clock: answered 2xx, but moved ${moved} ms`];
      return [];
    },
  };
}

/** Records of the app to update, in two sets that do not overlap, and one to comment on. */
export async function targets(
  env: Env,
  app: string,
): Promise<{ update: string[]; inBulk: string[]; commented: string | undefined }> {
  const ids = await someRecords(env, app, 60);
  const half = Math.floor(ids.length / 2);
  return {
    update: ids.slice(0, half).slice(0, 30),
    inBulk: ids.slice(half + 1, half + 21),
    commented: ids[half],
  };
}
