/**
 * The directory preflight, end to end against the local service: every user, group and
 * organization the manifest names (app ACL, general notifications, process assignees, a
 * USER_SELECT default) is looked up through the User API before any write. All present: the
 * plan has no risk, apply converges. One missing: the plan has a `blocked` risk naming the
 * manifest's file:line:col and the environment, and apply refuses with nothing written. A
 * token-only environment cannot read the directory (the User API takes no app token): the plan
 * says the check was skipped, in text, Markdown and JSON.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { readRevisions } from '../../src/apply/revisions.js';
import type { Risk } from '../../src/plan/index.js';
import { validateProject, type Project } from '../../src/project/index.js';
import { renderText } from '../../src/render/index.js';
import { EVERY_APP_RIGHT, reviewProcess } from '../support/fields.js';
import { runMain } from '../support/main-in-process.js';
import { ADMIN, manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();
const planSchema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);

/** Tasks naming `owner` (a user), the group `reviewers` and the organization `sales`. */
function tasks(owner: string): Record<string, unknown> {
  const ownerAssigned = { type: 'ONE', entities: [{ entity: { type: 'USER', code: owner } }] };
  return {
    ...manifest('Tasks', {
      title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
      assignee: { type: 'USER_SELECT', label: 'Assignee', defaultValue: [{ type: 'USER', code: owner }] },
    }),
    appAcl: [
      { entity: { type: 'CREATOR' }, ...EVERY_APP_RIGHT },
      { entity: { type: 'GROUP', code: 'reviewers' }, recordViewable: true },
      { entity: { type: 'ORGANIZATION', code: 'sales' }, recordViewable: true, recordAddable: true },
      { entity: { type: 'GROUP', code: 'everyone' }, recordViewable: true },
    ],
    notifications: {
      general: { notifications: [{ entity: { type: 'USER', code: owner }, recordAdded: true }] },
    },
    process: reviewProcess(ownerAssigned, ['Submit', 'Finish']),
  };
}

async function defineDirectory(): Promise<void> {
  await h.control('PUT', '/_emulator/directory', {
    groups: [{ code: 'reviewers', users: ['admin'] }],
    organizations: [{ code: 'sales', users: ['admin'] }],
  });
}

/** The project at `root` for environment `staging`: the harness's service, reached by its baseUrl. */
async function staging(root: string): Promise<Project> {
  const path = join(root, 'appdeploy.yaml');
  const doc = parseDocument(await readFile(path, 'utf8'));
  if (!doc.hasIn(['environments', 'staging'])) {
    doc.setIn(['environments', 'staging'], { baseUrl: h.url, auth: ADMIN });
    await writeFile(path, doc.toString());
  }
  const result = await validateProject({ cwd: root, dir: root, env: 'staging', variables: {} });
  if (!result.project) throw new Error(JSON.stringify(result.problems));
  return result.project;
}

/** A project of one app, tasks naming `owner`, planned for `staging`. */
async function stagingProject(owner: string): Promise<Project> {
  return staging((await h.writeProject({ apps: { tasks: tasks(owner) } })).root);
}

async function expectConverged(project: Project): Promise<void> {
  const again = await h.plan(await staging(project.root));
  expect(again.apps.filter((a) => a.action !== 'no-op')).toEqual([]);
}

const cli = runMain;

/** Where `code: <code>` first stands in the written manifest, as file:line:col of the value. */
async function locationOf(root: string, code: string): Promise<string> {
  const lines = (await readFile(join(root, 'apps', 'tasks.yaml'), 'utf8')).split('\n');
  const line = lines.findIndex((l) => l.includes(`code: ${code}`));
  return `apps/tasks.yaml:${line + 1}:${lines[line]!.indexOf(code) + 1}`;
}

describe('the directory preflight', () => {
  it('finds every name in the target: no risk, and apply converges', async () => {
    await defineDirectory();
    const project = await stagingProject('admin');
    const planned = await h.plan(project);
    expect(planned.apps[0]!.risks).toEqual([]);
    expect(planned.directoryCheck).toBeUndefined();
    expect((await h.apply(project, planned)).outcome).toBe('applied');
    await expectConverged(project);
  });

  it('blocks a missing user, group or organization with its location, and apply writes nothing', async () => {
    // Defined: neither `reviewers` nor `sales`; `carol` is no user of the service.
    const project = await stagingProject('carol');
    const planned = await h.plan(project);
    const blocked = planned.apps[0]!.risks.filter(
      (r): r is Extract<Risk, { kind: 'blocked' }> => r.kind === 'blocked',
    );
    const carol = await locationOf(project.root, 'carol');
    expect(blocked.map((r) => [r.area, r.path.join('.'), r.reason])).toEqual([
      [
        'fields',
        'assignee.defaultValue.0.code',
        `${carol}: user "carol" does not exist in environment staging`,
      ],
      [
        'process',
        'states.Review.assignee.entities.0.entity.code',
        expect.stringMatching(/:61:21: user "carol"/),
      ],
      [
        'appAcl',
        '1.entity.code',
        `${await locationOf(project.root, 'reviewers')}: group "reviewers" does not exist in environment staging`,
      ],
      [
        'appAcl',
        '2.entity.code',
        `${await locationOf(project.root, 'sales')}: organization "sales" does not exist in environment staging`,
      ],
      ['notificationsGeneral', 'notifications.0.entity.code', expect.stringMatching(/user "carol"/)],
    ]);
    // The text rendering names the setting, the manifest location and the environment.
    const text = renderText(planned, { color: false });
    const group = text.slice(
      text.indexOf('  appAcl[1]'),
      text.indexOf('Error:', text.indexOf('  appAcl[1]')),
    );
    expect(group).toMatchInlineSnapshot(`
      "  appAcl[1].entity.code: apps/tasks.yaml:31:13: group "reviewers" does not exist in environment staging.
        Instead: add the group there, or map "reviewers" to one that exists (environments.staging.groups in appdeploy.yaml).

      "
    `);
    expect(blocked[0]!.instead).toBe(
      'add the user there, or map "carol" to one that exists (environments.staging.users in appdeploy.yaml)',
    );

    const before = await h.serviceCalls();
    const result = await h.apply(project, planned);
    expect(result.outcome).toBe('refused');
    expect(result.refusals?.map((r) => r.kind)).toEqual(Array(5).fill('blocked'));
    expect(result.refusals?.[0]?.message).toContain(
      `${carol}: user "carol" does not exist in environment staging`,
    );
    expect(await h.writesSince(before)).toEqual([]);
    expect((await staging(project.root)).apps[0]!.id).toBeNull();
  });

  it('refuses the apply of an existing app before any write: its revisions stay', async () => {
    await defineDirectory();
    const project = await stagingProject('admin');
    await h.apply(project, await h.plan(project));
    const id = (await staging(project.root)).apps[0]!.id!;
    const revisions = await readRevisions(h.client, id);
    const snapshot = await h.snapshot([id]);
    await writeFile(join(project.root, 'apps', 'tasks.yaml'), stringify(tasks('carol')));
    const changed = await staging(project.root);
    const planned = await h.plan(changed);
    expect(planned.apps[0]!.risks.map((r) => r.kind)).toEqual(['blocked', 'blocked', 'blocked']);
    const result = await h.apply(changed, planned);
    expect(result.outcome).toBe('refused');
    expect(await h.snapshot([id])).toEqual(snapshot);
    expect(await readRevisions(h.client, id)).toEqual(revisions);
  });

  it('says the check was skipped where the environment signs in with an API token only', async () => {
    await defineDirectory();
    const project = await stagingProject('admin');
    await h.apply(project, await h.plan(project));
    const id = (await staging(project.root)).apps[0]!.id!;
    const { token } = (await h.control('POST', '/_emulator/tokens', {
      app: id,
      permissions: { view: true, add: true, edit: true, delete: true, manage: true },
    })) as { token: string };
    await writeFile(join(project.root, 'apps', 'tasks.yaml'), stringify(tasks('carol')));
    const config = {
      environments: { prod: { baseUrl: h.url, auth: { apiToken: token } } },
      apps: { tasks: { manifest: 'apps/tasks.yaml', ids: { prod: Number(id) } } },
    };
    await writeFile(join(project.root, 'appdeploy.yaml'), stringify(config));

    const text = await cli(['plan', '-C', project.root, '--env', 'prod']);
    expect(text.code, text.err).toBe(0);
    expect(text.out.split('\n').find((l) => l.startsWith('Directory check skipped'))).toMatchInlineSnapshot(
      `"Directory check skipped: 1 user, group or organization named by this plan was not looked up in the target: the environment signs in with API tokens only, and the User API takes no app token. A missing one is found only when the service refuses the write."`,
    );
    const json = JSON.parse(
      (await cli(['plan', '-C', project.root, '--env', 'prod', '--format', 'json'])).out,
    );
    planSchema(json);
    expect(planSchema.errors ?? [], 'plan.schema.json').toEqual([]);
    expect(json.directoryCheck).toEqual({
      skipped: 'the environment signs in with API tokens only, and the User API takes no app token',
      unchecked: 1,
    });
    const markdown = (await cli(['plan', '-C', project.root, '--env', 'prod', '--format', 'markdown'])).out;
    expect(markdown).toContain('> [!WARNING]\n> Directory check skipped: 1 user, group or organization');
  });

  it.each([403, 404, 520])(
    'says the check was skipped where the service answers the lookup %i',
    async (status) => {
      const project = await stagingProject('carol');
      await h.control('POST', '/_emulator/faults', {
        path: '^/v1/(users|groups|organizations)\\.json$',
        status,
        body: { code: status === 403 ? 'CB_NO02' : 'GAIA_XX01', id: 'x', message: 'refused' },
      });
      const planned = await h.plan(project);
      await h.control('DELETE', '/_emulator/faults');
      expect(planned.directoryCheck).toEqual({
        skipped: `the service refused the directory lookup (${status} ${status === 403 ? 'CB_NO02' : 'GAIA_XX01'})`,
        unchecked: 3,
      });
      expect(planned.apps[0]!.risks.filter((r) => r.kind === 'blocked')).toEqual([]);
    },
  );

  it('looks again at apply: a group removed since the plan refuses it before any write', async () => {
    await defineDirectory();
    const project = await stagingProject('admin');
    const planned = await h.plan(project);
    expect(planned.apps[0]!.risks).toEqual([]);
    await h.control('PUT', '/_emulator/directory', { groups: [] });
    const before = await h.serviceCalls();
    const result = await h.apply(project, planned);
    expect(result.outcome).toBe('refused');
    expect(result.refusals?.map((r) => [r.kind, r.message])).toEqual([
      [
        'blocked',
        expect.stringMatching(
          /^appAcl\[1\]\.entity\.code: apps\/tasks\.yaml:\d+:\d+: group "reviewers" does not exist in environment staging; .* \(found at apply; the plan did not have it\)$/,
        ),
      ],
    ]);
    expect(await h.writesSince(before)).toEqual([]);
  });

  it('locates a mapped code at its own line, past items the environment leaves out, and names the key to map', async () => {
    // staging leaves alice out and calls bob "carol", a user it does not have: the manifest
    // names bob, so the risk points at bob and says which entry of the map to change.
    const people = {
      ...manifest('Tasks', { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } }),
      appAcl: [
        { entity: { type: 'USER', code: 'alice' }, recordViewable: true },
        { entity: { type: 'USER', code: 'bob' }, recordViewable: true },
        { entity: { type: 'GROUP', code: 'everyone' }, recordViewable: true },
      ],
      notifications: {
        general: {
          notifications: [
            { entity: { type: 'USER', code: 'alice' }, recordAdded: true },
            { entity: { type: 'USER', code: 'bob' }, recordAdded: true },
          ],
        },
      },
    };
    const { root } = await h.writeProject({ apps: { tasks: people } });
    const path = join(root, 'appdeploy.yaml');
    const doc = parseDocument(await readFile(path, 'utf8'));
    doc.setIn(['environments', 'staging'], {
      baseUrl: h.url,
      auth: ADMIN,
      users: { alice: null, bob: 'carol' },
    });
    await writeFile(path, doc.toString());
    const planned = await h.plan(await staging(root));
    const lines = (await readFile(join(root, 'apps', 'tasks.yaml'), 'utf8')).split('\n');
    const bobs = lines.flatMap((l, i) =>
      l.includes('code: bob') ? [`apps/tasks.yaml:${i + 1}:${l.indexOf('bob') + 1}`] : [],
    );
    expect(bobs).toHaveLength(2);
    const blocked = planned.apps[0]!.risks.filter(
      (r): r is Extract<Risk, { kind: 'blocked' }> => r.kind === 'blocked',
    );
    expect(blocked.map((r) => [r.area, r.path.join('.'), r.reason, r.instead])).toEqual(
      [
        ['appAcl', '0.entity.code', bobs[0]],
        ['notificationsGeneral', 'notifications.0.entity.code', bobs[1]],
      ].map(([area, at, location]) => [
        area,
        at,
        `${location}: user "carol" does not exist in environment staging (environments.staging.users maps "bob" to it)`,
        'add the user "carol" there, or map "bob" to a user that exists (environments.staging.users in appdeploy.yaml)',
      ]),
    );
  });

  it('says the check was skipped on the embedded local service, which does not check names', async () => {
    const project = await h.writeProject({ apps: { tasks: tasks('carol') } });
    const planned = await h.plan(project);
    expect(planned.directoryCheck?.skipped).toMatch(/^the embedded local service does not check them/);
    expect(planned.directoryCheck?.unchecked).toBe(3);
    expect(planned.apps[0]!.risks).toEqual([]);
  });
});
