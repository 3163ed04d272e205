/**
 * Changes that would destroy values the user apply signs in as cannot see (plan/caller-visibility.ts):
 * a migration's copy reads what the service shows that user, so its swap would destroy the values
 * it cannot see; a field's removal counts and backs up only those values too. The plan blocks both
 * and apply refuses, every value kept; once a separate apply grants the user view and edit (or a
 * rule grants a group or organization the user is in), the same migration keeps every value.
 * Against the local service, which holds a user who is not an administrator to the rules.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { plan, recordsHiddenFrom } from '../../src/plan/index.js';
import { apply } from '../../src/apply/index.js';
import type { Project } from '../../src/project/index.js';
import { useApplyHarness } from './harness.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';

// alice is in group support and organization hq; bob in neither.
const h = useApplyHarness({
  directory: {
    users: EXAMPLE_DIRECTORY.users,
    groups: [{ code: 'support', users: ['alice'] }],
    organizations: [{ code: 'hq', users: ['alice'] }],
  },
});

const RECORD_RIGHTS = {
  recordViewable: true,
  recordAddable: true,
  recordEditable: true,
  recordDeletable: true,
};
const APP_ACL = [
  { entity: { type: 'USER', code: 'alice' }, appEditable: true, ...RECORD_RIGHTS },
  { entity: { type: 'GROUP', code: 'everyone' }, ...RECORD_RIGHTS },
];
const FIELDS = {
  subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
  notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
};
const SECRET_RULE = (entities: unknown[]) => ({ filterCond: 'subject like "secret"', entities });
const BOB_ONLY = [{ entity: { type: 'USER', code: 'bob' }, viewable: true, editable: true, deletable: true }];
const ALICE_TOO = [{ entity: { type: 'USER', code: 'alice' }, viewable: true, editable: true }, ...BOB_ONLY];
const single = (m: Record<string, unknown>) => ({
  ...m,
  fields: { ...FIELDS, notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } },
});

async function notesBySubject(app: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['subject', 'notes'] }))
    out[r.subject!.value as string] = r.notes?.value;
  return out;
}

/** The app deployed by the administrator, with 20 records, 5 of them "secret". */
async function appWithRecords(manifest: Record<string, unknown>) {
  const project = await h.writeProject({ apps: { tickets: manifest } });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const id = loaded.apps[0]!.id!;
  await h.client.records.addAll(
    id,
    Array.from({ length: 20 }, (_, i) => ({
      subject: { value: i % 4 === 0 ? `secret ${i}` : `open ${i}` },
      notes: { value: `note ${i}` },
    })),
  );
  return { project: loaded, id, before: await notesBySubject(id) };
}

async function asAlice<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const alice = createClient({ baseUrl: h.url, auth: { login: 'alice', password: 'alice' } });
  try {
    return await run(alice);
  } finally {
    await alice.close();
  }
}

/** Plans and applies as alice (with `allowDataLoss` where a test removes a field); the plan and the result. */
async function applyAsAlice(project: Project, allowDataLoss = false) {
  return asAlice(async (client) => {
    const thePlan = await plan({ project, client });
    const result = await apply({
      plan: thePlan,
      project,
      client,
      allowDataLoss,
      pollIntervalMs: { initial: 10, max: 50 },
    });
    return { thePlan, result };
  });
}

const base = { name: 'Tickets', fields: FIELDS, appAcl: APP_ACL };

describe('values the user apply signs in as cannot all see', () => {
  it('records a record permission hides: blocked in the plan, refused by apply, every value kept; granted in an apply before, migrated whole', async () => {
    const v1 = { ...base, recordAcl: [SECRET_RULE(BOB_ONLY)] };
    const { project, id, before } = await appWithRecords(v1);
    const v2 = await h.rewriteManifests(project, { tickets: single(v1) });
    const { thePlan, result } = await applyAsAlice(v2);
    const risks = thePlan.apps[0]!.risks.filter((r) => r.kind === 'blocked');
    expect(risks).toEqual([
      {
        kind: 'blocked',
        area: 'fields',
        path: ['notes'],
        reason:
          'record permission rule 1 (records where subject like "secret") may hide records from alice: no entity names alice, who so gets no right; the migration of "notes" copies only what alice sees, and its swap would destroy the values alice does not see, with no backup',
        instead:
          'give alice view and edit in every record permission rule (an entity naming alice first) and read on the field, in an apply before this one; or apply with an API token of the app, which record and field permissions do not hold',
      },
    ]);
    // The count is of what alice reads: 15 of 20.
    expect(thePlan.apps[0]!.migrations?.[0]?.records?.read).toBe(15);
    expect(result.outcome).toBe('refused');
    expect(await notesBySubject(id)).toEqual(before);

    // An apply of the permission alone, then the migration: nothing hidden, every value kept.
    const granted = await h.rewriteManifests(project, {
      tickets: { ...v1, recordAcl: [SECRET_RULE(ALICE_TOO)] },
    });
    expect((await applyAsAlice(granted)).result.outcome).toBe('applied');
    const v3 = await h.rewriteManifests(project, {
      tickets: single({ ...v1, recordAcl: [SECRET_RULE(ALICE_TOO)] }),
    });
    const migrated = await applyAsAlice(v3);
    expect(migrated.thePlan.apps[0]!.risks.filter((r) => r.kind === 'blocked')).toEqual([]);
    expect(migrated.thePlan.apps[0]!.migrations?.[0]?.records?.read).toBe(20);
    expect(migrated.result.outcome).toBe('applied');
    expect(await notesBySubject(id)).toEqual(before);
    await asAlice(async (client) => {
      const again = await plan({ project: await h.load(project.root), client });
      expect(again.apps.filter((a) => a.action !== 'no-op')).toEqual([]);
    });
  });

  it('a field permission that lets alice not read the field: blocked, values kept', async () => {
    const v1 = {
      ...base,
      fieldAcl: [
        {
          field: 'notes',
          entities: [
            { entity: { type: 'USER', code: 'bob' }, accessibility: 'WRITE' },
            { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'NONE' },
          ],
        },
      ],
    };
    const { project, id, before } = await appWithRecords(v1);
    const v2 = await h.rewriteManifests(project, { tickets: single(v1) });
    const { thePlan, result } = await applyAsAlice(v2);
    const reasons = thePlan.apps[0]!.risks.flatMap((r) => (r.kind === 'blocked' ? [r.reason] : []));
    expect(reasons).toEqual([
      'the field permission of "notes" may deny alice reading it: its first entity naming alice (GROUP everyone) does not grant it; the migration of "notes" copies only what alice sees, and its swap would destroy the values alice does not see, with no backup',
    ]);
    expect(result.outcome).toBe('refused');
    expect(await notesBySubject(id)).toEqual(before);
  });

  it('a rule granting a group and an organization alice is in (read from the User API): not blocked, every value migrated', async () => {
    const v1 = {
      ...base,
      recordAcl: [
        SECRET_RULE([
          { entity: { type: 'GROUP', code: 'support' }, viewable: true, editable: true },
          { entity: { type: 'GROUP', code: 'everyone' }, viewable: false },
        ]),
        {
          filterCond: '',
          entities: [
            { entity: { type: 'ORGANIZATION', code: 'hq' }, viewable: true, editable: true },
            { entity: { type: 'GROUP', code: 'everyone' }, viewable: true },
          ],
        },
      ],
    };
    const { project, id, before } = await appWithRecords(v1);
    const v2 = await h.rewriteManifests(project, { tickets: single(v1) });
    const { thePlan, result } = await applyAsAlice(v2);
    expect(thePlan.apps[0]!.risks.filter((r) => r.kind === 'blocked')).toEqual([]);
    expect(thePlan.apps[0]!.migrations?.[0]?.records?.read).toBe(20);
    expect(result.outcome).toBe('applied');
    expect(await notesBySubject(id)).toEqual(before);
  });

  it('a field removed whose only values are in records alice does not see: blocked, though the count finds none', async () => {
    const v1 = { ...base, recordAcl: [SECRET_RULE(BOB_ONLY)] };
    const { project, id } = await appWithRecords(v1);
    // Only the secret records hold notes: alice's count finds no value to lose.
    const open: string[] = [];
    for await (const r of h.client.records.iterate(id, { fields: ['$id', 'subject'] }))
      if (!(r.subject!.value as string).startsWith('secret')) open.push(r.$id!.value as string);
    await h.client.records.updateAll(
      id,
      open.map((recordId) => ({ id: recordId, record: { notes: { value: '' } } })),
    );
    const before = await notesBySubject(id);
    const withoutNotes = await h.rewriteManifests(project, {
      tickets: { ...v1, fields: { subject: FIELDS.subject } },
    });
    const { thePlan, result } = await applyAsAlice(withoutNotes, true);
    const risks = thePlan.apps[0]!.risks;
    expect(risks.filter((r) => r.kind === 'data-loss')).toEqual([]);
    expect(risks.flatMap((r) => (r.kind === 'blocked' ? [r.reason] : []))).toEqual([
      'record permission rule 1 (records where subject like "secret") may hide records from alice: no entity names alice, who so gets no right; removing "notes" destroys its values in the records alice does not see too, which neither the plan\'s count nor apply\'s backup includes',
    ]);
    expect(result.outcome).toBe('refused');
    expect(await notesBySubject(id)).toEqual(before);
  });
});

describe('an option removed whose only holders alice does not see', () => {
  it('blocked, though the count finds no record holding it', async () => {
    const kind = (options: string[]) => ({
      type: 'DROP_DOWN',
      label: 'Kind',
      options: Object.fromEntries(options.map((o, i) => [o, { label: o, index: i }])),
    });
    const v1 = {
      ...base,
      fields: { ...FIELDS, kind: kind(['plain', 'classified']) },
      recordAcl: [SECRET_RULE(BOB_ONLY)],
    };
    const { project, id } = await appWithRecords(v1);
    const secret: { id: string; record: Record<string, { value: string }> }[] = [];
    for await (const r of h.client.records.iterate(id, { fields: ['$id', 'subject'] }))
      if ((r.subject!.value as string).startsWith('secret'))
        secret.push({ id: r.$id!.value as string, record: { kind: { value: 'classified' } } });
    await h.client.records.updateAll(id, secret);
    const without = await h.rewriteManifests(project, {
      tickets: { ...v1, fields: { ...FIELDS, kind: kind(['plain']) } },
    });
    const { thePlan, result } = await applyAsAlice(without);
    const risks = thePlan.apps[0]!.risks;
    expect(risks.filter((r) => r.kind === 'data-loss')).toEqual([]);
    expect(risks.flatMap((r) => (r.kind === 'blocked' ? [r.reason] : []))).toEqual([
      'record permission rule 1 (records where subject like "secret") may hide records from alice: no entity names alice, who so gets no right; removing option "classified" of "kind" destroys it in the records alice does not see too, which the plan\'s count does not include (so apply would not ask for --allow-data-loss when it finds none)',
    ]);
    expect(result.outcome).toBe('refused');
    const kinds = [];
    for await (const r of h.client.records.iterate(id, { fields: ['kind'] })) kinds.push(r.kind!.value);
    expect(kinds.filter((k) => k === 'classified')).toHaveLength(5);
  });
});

describe('the local service, which exempts its administrator', () => {
  it('a migration applied by the administrator on the local environment: not blocked, every value kept', async () => {
    const v1 = { ...base, recordAcl: [SECRET_RULE(BOB_ONLY)] };
    const { project, id, before } = await appWithRecords(v1);
    const v2 = await h.rewriteManifests(project, { tickets: single(v1) });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks.filter((r) => r.kind === 'blocked')).toEqual([]);
    expect(thePlan.apps[0]!.migrations?.[0]?.records?.read).toBe(20);
    expect((await h.apply(v2, thePlan)).exitCode).toBe(0);
    expect(await notesBySubject(id)).toEqual(before);
    await h.expectConverged(v2);
  });
});

describe('recordsHiddenFrom (seed and export ask it)', () => {
  const HOSTED = { administratorsExempt: false };
  const LOCAL = { administratorsExempt: true };
  it.each([
    {
      who: 'alice, whom rule 1 names nowhere',
      rules: [SECRET_RULE(BOB_ONLY)],
      as: 'alice',
      on: HOSTED,
      hidden: true,
    },
    {
      who: 'alice, on a target exempting administrators',
      rules: [SECRET_RULE(BOB_ONLY)],
      as: 'alice',
      on: LOCAL,
      hidden: true,
    },
    {
      who: 'alice, named first with view and edit',
      rules: [SECRET_RULE(ALICE_TOO)],
      as: 'alice',
      on: HOSTED,
      hidden: false,
    },
    { who: 'an app with no record permissions', rules: [], as: 'alice', on: HOSTED, hidden: false },
    // bob may not manage the app: the rules cannot be read (403), so nothing can be told.
    {
      who: 'bob, who may not read the rules',
      rules: [SECRET_RULE([])],
      as: 'bob',
      on: HOSTED,
      hidden: false,
    },
    // The administrator: exempt on the local service (in group Administrators, read from the User
    // API); held to the rules where exemption is not known (a service with a base URL).
    {
      who: 'the administrator, on the local service',
      rules: [SECRET_RULE(BOB_ONLY)],
      as: 'admin',
      on: LOCAL,
      hidden: false,
    },
    {
      who: 'the administrator, elsewhere',
      rules: [SECRET_RULE(BOB_ONLY)],
      as: 'admin',
      on: HOSTED,
      hidden: true,
    },
  ])('$who: hidden $hidden', async ({ rules, as, on, hidden }) => {
    const { id } = await appWithRecords({ ...base, recordAcl: rules });
    const client = createClient({ baseUrl: h.url, auth: { login: as, password: as } });
    try {
      const why = await recordsHiddenFrom(client, id, on);
      expect(why !== null).toBe(hidden);
      if (hidden) expect(why).toMatch(/^record permission rule 1 \(records where subject like "secret"\)/);
    } finally {
      await client.close();
    }
  });

  it('an API token: nothing to tell (a token is not held to record permissions)', async () => {
    const { id } = await appWithRecords({ ...base, recordAcl: [SECRET_RULE(BOB_ONLY)] });
    const { token } = (await h.control('POST', '/_emulator/tokens', {
      app: id,
      permissions: { view: true, add: true, edit: true },
    })) as { token: string };
    const client = createClient({ baseUrl: h.url, auth: { apiToken: token } });
    try {
      expect(await recordsHiddenFrom(client, id, { administratorsExempt: false })).toBeNull();
    } finally {
      await client.close();
    }
  });
});
