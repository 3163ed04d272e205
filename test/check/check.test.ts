/**
 * `plan --check` end to end: a plan applied to a shadow of the local service under test. A good
 * plan passes and says what it took; plans the service refuses fail, naming the app, the area,
 * the request, the service's code and the manifest's line; the target is never written.
 * Some failing plans are made by editing a good plan's desired values: `validate` refuses such
 * manifests before any plan (src/project/checks), and the check must catch them all the same
 * (a saved plan, a rule validate does not know).
 */
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/check/index.js';
import type { Plan } from '../../src/plan/index.js';
import type { Project } from '../../src/project/index.js';
import { manifest, useApplyHarness } from '../apply/harness.js';
import { applied, TWO_CUSTOMERS } from '../apply/scenario.js';
import { EVERY_APP_RIGHT, lookupField, text } from '../support/fields.js';

const h = useApplyHarness();

const CUSTOMERS = {
  code: text('Code', { unique: true, required: true }),
  company: text('Company'),
  notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
};
const DEALS = { title: text('Title'), region: text('Region') };
const V1 = { customers: manifest('Customers', CUSTOMERS), deals: manifest('Deals', DEALS) };

/** `region` added to customers, a lookup on it in deals (two deploys), a process in deals. */
const V2 = {
  customers: manifest('Customers', { ...CUSTOMERS, region: text('Region') }),
  deals: {
    ...manifest('Deals', {
      ...DEALS,
      customer: lookupField('Customer', 'customers', 'code', {
        copies: { region: 'region' },
        picker: ['code', 'company'],
      }),
    }),
    process: {
      enable: true,
      states: { Open: { assignee: { type: 'ONE', entities: [] } }, Won: {} },
      actions: [{ name: 'Win', from: 'Open', to: 'Won', type: 'PRIMARY' }],
    },
    appAcl: [{ entity: { type: 'CREATOR' }, ...EVERY_APP_RIGHT }],
  },
};

async function liveAtV1(apps: Record<string, Record<string, unknown>> = V2) {
  const { project, ids } = await applied(h, V1, { customers: TWO_CUSTOMERS });
  const project2 = await h.rewriteManifests(project, apps);
  return { project: project2, ids, plan: await h.plan(project2) };
}

/** Checks the plan and proves the target was not written: no write call, same revisions and settings. */
async function checkedWithoutWrites(project: Project, plan: Plan, records = 0) {
  const ids = project.apps.flatMap((a) => (a.id === null ? [] : [a.id]));
  const before = await h.snapshot(ids);
  const calls = await h.serviceCalls();
  const revisions = await Promise.all(
    ids.map((app) => h.client.settings.getGeneralSettings({ app, copy: 'draft' })),
  );
  const check = await checkPlan({ plan, project, client: h.client, records });
  expect(await h.writesSince(calls)).toEqual([]);
  expect(await h.snapshot(ids)).toEqual(before);
  expect(
    await Promise.all(ids.map((app) => h.client.settings.getGeneralSettings({ app, copy: 'draft' }))),
  ).toEqual(revisions);
  return check;
}

/** The plan with one area's desired value of one app replaced. */
function edited(plan: Plan, app: string, area: string, after: (value: never) => unknown): Plan {
  return {
    ...plan,
    apps: plan.apps.map((a) =>
      a.key !== app
        ? a
        : {
            ...a,
            areas: a.areas.map((x) =>
              x.key !== area ? x : { ...x, after: after(x.after as never) as never },
            ),
          },
    ),
  };
}

/** `file:line:col` of a manifest path, as the failure must name it. */
function at(project: Project, app: string, path: (string | number)[]): string {
  const { file, line, col } = project.apps.find((a) => a.key === app)!.source.locate(path);
  return `${file}:${line}:${col}`;
}

describe('plan --check', () => {
  it('passes a good plan, counting the apps, writes and the two deploy calls of the held lookup', async () => {
    const { project, plan } = await liveAtV1();
    expect(plan.deploySteps).toBe(2);
    const check = await checkedWithoutWrites(project, plan);
    expect(check).toMatchObject({
      outcome: 'passed',
      environment: 'local',
      copied: { apps: 2, records: 0 },
      apps: 2,
      deployCalls: 2,
    });
    expect(check.writes).toBeGreaterThan(2);
    expect(check.failure).toBeUndefined();
  });

  it("passes a plan naming the target's groups: the copy holds apps, not people, and the plan looked them up", async () => {
    const deals = V2.deals as { appAcl: Record<string, unknown>[] };
    const withGroup = {
      ...V2,
      deals: {
        ...deals,
        appAcl: [...deals.appAcl, { entity: { type: 'GROUP', code: 'sales' }, recordViewable: true }],
      },
    };
    const live = await liveAtV1(withGroup);
    // As a remote target (an environment with a baseUrl): the plan looks the group up there.
    const project = { ...live.project, environment: { ...live.project.environment, local: false } };
    const plan = await h.plan(project);
    // The target has the group (test/support/example-directory.ts): no blocked risk, no skip.
    expect(plan.apps.flatMap((a) => a.risks)).toEqual([]);
    expect(plan.directoryCheck).toBeUndefined();
    const check = await checkedWithoutWrites(project, plan);
    expect(check.failure).toBeUndefined();
    expect(check.outcome).toBe('passed');
  });

  it('fails a first status assigned to a group, at that status in the manifest', async () => {
    const { project, plan } = await liveAtV1();
    const group = { entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false };
    const bad = edited(plan, 'deals', 'process', (p: { states: Record<string, object> }) => ({
      ...p,
      states: { ...p.states, Open: { index: '0', assignee: { type: 'ONE', entities: [group] } } },
    }));
    const check = await checkedWithoutWrites(project, bad);
    expect(check.outcome).toBe('failed');
    expect(check.failure).toEqual({
      app: 'deals',
      area: 'process',
      request: 'PUT /k/v1/preview/app/status.json',
      code: 'CB_VA01',
      // Keyed by the name apply sent it under (it renames the new app's first status in place).
      message: expect.stringContaining(
        '.assignee.entities[0].entity.type: The first status "Open" takes no assignee',
      ),
      location: at(project, 'deals', [
        'process',
        'states',
        'Open',
        'assignee',
        'entities',
        0,
        'entity',
        'type',
      ]),
      hint: expect.stringContaining('run plan --check again'),
    });
  });

  it('fails an entity type the app ACL does not take, at the rule', async () => {
    const { project, plan } = await liveAtV1();
    const bad = edited(plan, 'deals', 'appAcl', (rules: object[]) => [
      { ...rules[0], entity: { type: 'FIELD_ENTITY', code: 'title' } },
    ]);
    const check = await checkedWithoutWrites(project, bad);
    expect(check.failure).toMatchObject({
      app: 'deals',
      area: 'appAcl',
      request: 'PUT /k/v1/preview/app/acl.json',
      code: 'CB_VA01',
      location: at(project, 'deals', ['appAcl', 0, 'entity', 'type']),
    });
  });

  it('fails a field ACL naming a field the same change removes, at the rule', async () => {
    const fieldAcl = [
      {
        field: 'company',
        entities: [{ entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'READ' }],
      },
    ];
    const { notes: _removed, ...kept } = V2.customers.fields as Record<string, Record<string, unknown>>;
    const { project, plan } = await liveAtV1({
      ...V2,
      customers: { ...manifest('Customers', kept), fieldAcl },
    });
    const bad = edited(plan, 'customers', 'fieldAcl', (rules: { field: string }[]) =>
      rules.map((r) => ({ ...r, field: 'notes' })),
    );
    const check = await checkedWithoutWrites(project, bad);
    expect(check.failure).toMatchObject({
      app: 'customers',
      area: 'fieldAcl',
      request: 'PUT /k/v1/preview/field/acl.json',
      code: 'CB_VA01',
      message: expect.stringContaining('The field "notes" does not exist in the app.'),
      location: at(project, 'customers', ['fieldAcl', 0, 'field']),
    });
  });

  it('with --check-records, fails `unique` over values the copied records share; without them it cannot know', async () => {
    const fields = V2.customers.fields as Record<string, Record<string, unknown>>;
    const unique = {
      ...V2,
      customers: manifest('Customers', { ...fields, company: { ...fields.company, unique: true } }),
    };
    const { project, plan, ids } = await liveAtV1(unique);
    await h.client.records.addRecords({
      app: ids.customers!,
      records: [{ code: { value: 'C3' }, company: { value: 'Acme' } }] as never,
    });
    const blind = await checkedWithoutWrites(project, plan);
    expect(blind).toMatchObject({ outcome: 'passed', copied: { records: 0 } });
    const check = await checkedWithoutWrites(project, plan, 10);
    expect(check).toMatchObject({ outcome: 'failed', copied: { apps: 2, records: 3 } });
    expect(check.failure).toMatchObject({
      app: 'customers',
      area: 'fields',
      request: null,
      message: expect.stringContaining('field company becomes unique but 2 records share a value'),
      location: at(project, 'customers', ['fields', 'company', 'unique']),
    });
  });

  it("copies, besides each app's latest N records, the records the plan's risk queries match", async () => {
    // `notes` removed where only the oldest customer has a value: the data-loss risk's query finds it.
    const { notes: _removed, ...kept } = V2.customers.fields as Record<string, Record<string, unknown>>;
    const project = await h.writeProject({ apps: V1 });
    await h.apply(project, await h.plan(project));
    const v1 = await h.load(project.root);
    const customers = v1.apps.find((a) => a.key === 'customers')!.id!;
    await h.client.records.addRecords({
      app: customers,
      records: [
        { code: { value: 'C1' }, notes: { value: 'kept in mind' } },
        { code: { value: 'C2' } },
        { code: { value: 'C3' } },
      ] as never,
    });
    const v2 = await h.rewriteManifests(v1, { ...V1, customers: manifest('Customers', kept) });
    const plan = await h.plan(v2);
    expect(plan.apps.find((a) => a.key === 'customers')!.risks).toContainEqual(
      expect.objectContaining({ kind: 'data-loss', field: 'notes', records: 1 }),
    );
    const check = await checkedWithoutWrites(v2, plan, 1);
    // C3, the latest, and C1, which the risk's query matches.
    expect(check).toMatchObject({ outcome: 'passed', copied: { apps: 2, records: 2 } });
  });
});
