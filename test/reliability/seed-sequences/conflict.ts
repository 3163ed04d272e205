/**
 * Another client writes a record of things between the seed's read and its write (the service
 * holds the seed's bulk requests before carrying them out while the other write lands): it edits a
 * record the seed changes, deletes one the seed changes or deletes, adds a record with a key the
 * seed adds, or gives a record --clean deletes a key the seed adds and a value the file does not
 * name. docs/records.md: a change (and a delete) is written "with the revision [it was] read at";
 * "When a bulk request is refused because a record changed since it was read or is gone, or an
 * add's key is already there (someone else ...), seed reads the app again and plans again". So the
 * seed is refused once, plans again and ends as if it had planned after the other write: the
 * fields the file names as the file says, a field it does not name as the other client left it; a
 * record deleted meanwhile is added again (the file has it) or stays gone (--clean deleted it); a
 * key added meanwhile, or given to a record --clean meant to delete, is changed to the file's.
 */
import { join } from 'node:path';
import { bulkRequests, call } from '../emulator-process.js';
import { startCommand } from '../apply-process.js';
import { fromFile, type Canonical } from '../round-trip-compare.js';
import type { Draw } from '../apply-sequences/pick.js';
import { namedCodes, type State } from './oracle.js';
import { printed } from './outputs.js';
import {
  again,
  args,
  arm,
  BULK,
  bugIn,
  expected,
  planFindings,
  stateFindings,
  states,
  type SeedCall,
} from './judge.js';
import type { AppKey, World } from './world.js';

/** Fields of things the other client edits: named by the file (the file wins) or not (theirs stays). */
const EDITABLE = ['title', 'notes', 'body', 'site'];

type OtherWrite =
  | { kind: 'edit'; key: string; fields: string[]; value: string }
  | { kind: 'delete'; key: string }
  | { kind: 'add'; key: string; value: string }
  /** A record --clean deletes given a key the seed adds, and a value the file does not name. */
  | { kind: 'rekey'; key: string; to: string; value: string };

/** The other client's write, drawn among those this seed's plan makes possible. */
function drawWrite(
  world: World,
  d: Draw,
  plan: { add: string[]; change: string[]; delete: string[] },
): OtherWrite | null {
  const value = `written by someone else ${d.fresh('#')}`;
  const kinds = [
    ...(plan.change.length > 0 ? ['edit', 'delete'] : []),
    ...(plan.delete.length > 0 ? ['delete'] : []),
    ...(plan.add.length > 0 ? ['add'] : []),
    ...(plan.add.length > 0 && plan.delete.length > 0 ? ['rekey'] : []),
  ];
  const kind = d.pick(kinds);
  if (kind === 'rekey') return { kind, key: d.pick(plan.delete)!, to: d.pick(plan.add)!, value };
  if (kind === 'add') return { kind, key: d.pick(plan.add)!, value };
  if (kind === 'delete') return { kind, key: d.pick([...plan.change, ...plan.delete])! };
  if (kind !== 'edit') return null;
  const key = d.pick(plan.change)!;
  const record = world.files.things.records.find((r) => String(r.code) === key)!;
  const named = namedCodes(world.files.things)(record);
  const fields = [
    d.pick(EDITABLE.filter((f) => named.has(f))),
    d.pick(EDITABLE.filter((f) => !named.has(f))),
  ];
  return { kind, key, fields: fields.filter((f) => f !== undefined), value };
}

async function write(world: World, c: SeedCall, other: OtherWrite): Promise<void> {
  const { client } = world.services[c.env];
  const app = world.ids[c.env].things;
  if (other.kind === 'add') {
    await client.records.addRecord({
      app,
      record: { code: { value: other.key }, title: { value: other.value } },
    });
    return;
  }
  const { records } = await client.records.getRecords({ app, fields: ['$id', 'code'], query: 'limit 500' });
  const id = records.find((r) => r.code!.value === other.key)!.$id!.value as string;
  if (other.kind === 'delete') await client.records.deleteRecords({ app, ids: [id] });
  else if (other.kind === 'rekey')
    await client.records.updateRecord({
      app,
      id,
      record: { code: { value: other.to }, notes: { value: other.value } },
    });
  else
    await client.records.updateRecord({
      app,
      id,
      record: Object.fromEntries(other.fields.map((f) => [f, { value: other.value }])),
    });
}

/** What things holds once the other write landed, as the oracle's canonical records. */
async function afterOther(world: World, things: State, other: OtherWrite): Promise<State> {
  const out = new Map([...things].map(([k, v]) => [k, { ...v }]));
  if (other.kind === 'delete') out.delete(other.key);
  else if (other.kind === 'rekey') {
    out.set(other.to, { ...out.get(other.key)!, code: other.to, notes: other.value });
    out.delete(other.key);
  } else if (other.kind === 'edit')
    for (const f of other.fields) (out.get(other.key) as Canonical)[f] = other.value;
  else {
    const plain = { code: other.key, title: other.value };
    const added = await fromFile(
      plain,
      false,
      join(world.root, 'records'),
      true,
      new Set(Object.keys(plain)),
    );
    out.set(other.key, { ...added, partner_name: null });
  }
  return out;
}

export async function conflictSeed(
  world: World,
  d: Draw,
  c: SeedCall,
  step: string,
): Promise<string[] | null> {
  const before = await states(world, c.env);
  const want = await expected(world, c, before);
  const plan = want.get('things');
  const other = plan && drawWrite(world, d, plan);
  if (!other) return null;
  const { url } = world.services[c.env];
  const sent = await bulkRequests(url);
  await arm(world, c.env, { method: 'POST', path: BULK, delayMs: 700, times: 6 });
  const cleanups: (() => void | Promise<void>)[] = [];
  const seeding = startCommand('seed', world.root, args({ ...c, json: true }).slice(1), {}, cleanups);
  const deadline = Date.now() + 30_000;
  // The seed has read and planned once its first bulk request arrives (held before it is carried out).
  while ((await bulkRequests(url)) === sent && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  await write(world, c, other);
  const exit = await seeding.exited;
  await call(url, 'DELETE', '/_emulator/faults');
  for (const clean of cleanups) await clean();
  const run = { code: exit.code ?? -1, stdout: seeding.stdout(), stderr: seeding.stderr() };
  const name = `${step} [other client: ${JSON.stringify(other)}]`;
  if (process.env.SEED_SEQ_LOG) console.log(name);
  const out = bugIn(name, run);
  if (run.code !== 0) return [...out, `${name}: exit ${run.code}: ${run.stdout}${run.stderr}`];
  const got = printed(run, true);
  out.push(...planFindings(name, got, want));
  if ((got.seeded.get('things')?.replans ?? 0) < 1)
    out.push(
      `${name}: the other client's write did not refuse the seed's (no re-plan): its revision or key was not checked`,
    );
  // As if the seed had planned after the other write.
  const now = await expected(world, c, { ...before, things: await afterOther(world, before.things, other) });
  const settled = new Map([...want].map(([app, e]) => [app, app === 'things' ? now.get(app as AppKey)! : e]));
  out.push(...(await stateFindings(world, c.env, name, settled)));
  return [...out, ...(await again(world, c, name))];
}
