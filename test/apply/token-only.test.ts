/**
 * An environment that authenticates with an API token alone, against the local service (which
 * refuses tokens where the hosted platform does: src/emulator/token-refusal.ts). `plan` does not
 * stop at the first 403: it plans what a token can read and names each area and action that
 * needs a password login, in text, Markdown and JSON; `apply` refuses such a plan before it
 * writes anything. The same project with a login plans and applies.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import { manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();
const planSchema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

async function cli(args: string[]) {
  const { io, out, err } = capture();
  const code = await main(['node', 'appdeploy', ...args], io);
  return { code, stdout: out(), stderr: err() };
}

const TASKS = {
  ...manifest('Tasks', { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } }),
  customize: { desktop: { js: [{ type: 'URL', url: 'https://cdn.example.com/tasks.js' }] } },
};
const BOARD = { type: 'CUSTOM', html: '<div id="board"></div>' };

/** `tasks` exists (applied with the administrator's login); `notes` has no id in `prod`. */
async function tokenProject(views: Record<string, unknown> | undefined) {
  const project = await h.writeProject({ apps: { tasks: TASKS } });
  await h.apply(project, await h.plan(project));
  await h.expectConverged(project);
  const id = (await h.load(project.root)).apps[0]!.id!;
  const { token } = (await h.control('POST', '/_emulator/tokens', {
    app: id,
    permissions: { view: true, add: true, edit: true, delete: true, manage: true },
  })) as { token: string };
  await writeFile(
    join(project.root, 'apps', 'tasks.yaml'),
    stringify({ ...TASKS, ...(views ? { views } : {}) }),
  );
  await writeFile(
    join(project.root, 'apps', 'notes.yaml'),
    stringify(manifest('Notes', { body: { type: 'MULTI_LINE_TEXT', label: 'Body' } })),
  );
  const config = {
    environments: { prod: { baseUrl: h.url, auth: { apiToken: token } } },
    apps: {
      tasks: { manifest: 'apps/tasks.yaml', ids: { prod: Number(id) } },
      notes: { manifest: 'apps/notes.yaml' },
    },
  };
  await writeFile(join(project.root, 'appdeploy.yaml'), stringify(config));
  return { root: project.root, id };
}

describe('a token-only environment', () => {
  it('plans what a token can read and names each area and action that needs a password login', async () => {
    const { root } = await tokenProject({ Board: BOARD });
    const text = await cli(['plan', '-C', root, '--env', 'prod']);
    // apply refuses this plan before writing anything, so the plan fails (exit 1, as for a blocked
    // change) once it is printed: a pull request's check goes red (issue 32 item 3).
    expect(text.stderr).toBe(
      'Error: apply would refuse this plan: environment "prod" signs in with an API token, which cannot do what it needs (listed above).\n',
    );
    expect(text.code).toBe(1);
    const detailed = await cli(['plan', '-C', root, '--env', 'prod', '--detailed-exitcode']);
    expect(detailed.code).toBe(1);
    const block = text.stdout.slice(text.stdout.indexOf('Error:'), text.stdout.indexOf('apply refuses'));
    expect(block).toMatchInlineSnapshot(`
      "Error: An API token cannot do what this plan needs

        tasks customize: read and write the JavaScript and CSS customization (GET /k/v1/app/customize.json, GET /k/v1/preview/app/customize.json, PUT /k/v1/preview/app/customize.json)
        tasks views: write views that include a custom (CUSTOM) view (PUT /k/v1/preview/app/views.json)
        notes (app): create the app (POST /k/v1/preview/app.json)
        Instead: give environment "prod" a login with the rights these need, in appdeploy.yaml: auth: { login: \${PROD_LOGIN}, password: \${PROD_PASSWORD} } (the values from the environment or .env). The hosted platform refuses these calls to an API token (403 GAIA_NO01).
        "
    `);
    // What a token reads is planned as usual: the new view is a change of tasks.
    expect(text.stdout).toMatch(/\+ Board/);

    const json = JSON.parse((await cli(['plan', '-C', root, '--env', 'prod', '--format', 'json'])).stdout);
    planSchema(json);
    expect(planSchema.errors ?? [], 'plan.schema.json').toEqual([]);
    expect(json.tokenLimits.needs.map((n: { app: string; area: string }) => `${n.app} ${n.area}`)).toEqual([
      'tasks customize',
      'tasks views',
      'notes app',
    ]);
    // The customization could not be read, so it is not planned as if it were known.
    expect(json.apps[0].areas.map((a: { key: string }) => a.key)).not.toContain('customize');

    const markdown = (await cli(['plan', '-C', root, '--env', 'prod', '--format', 'markdown'])).stdout;
    expect(markdown).toContain('#### An API token cannot do what this plan needs');
    expect(markdown).toContain('- `notes (app)`: create the app (`POST /k/v1/preview/app.json`)');
  });

  it('is refused by apply before anything is written', async () => {
    const { root, id } = await tokenProject({ Board: BOARD });
    const before = await h.snapshot([id]);
    const calls = await h.serviceCalls();
    const applied = await cli(['apply', '--yes', '-C', root, '--env', 'prod']);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('environment "prod" authenticates with an API token, which cannot');
    expect(applied.stderr).toContain('notes: create the app');
    expect(applied.stderr).toContain('auth: { login: ${PROD_LOGIN}, password: ${PROD_PASSWORD} }');
    const after = await h.serviceCalls();
    const writes = Object.keys(after).filter((k) => !k.startsWith('GET ') && after[k] !== calls[k]);
    expect(writes).toEqual([]);
    expect(await h.snapshot([id])).toEqual(before);
  });

  it('plans with no needs when the manifests ask nothing a token cannot do', async () => {
    const { root } = await tokenProject(undefined);
    // Only what a token may do: tasks without customize, and no app to create.
    await writeFile(
      join(root, 'apps', 'tasks.yaml'),
      stringify(manifest('Tasks', { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } })),
    );
    const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
      apps: Record<string, unknown>;
    };
    delete config.apps.notes;
    await writeFile(join(root, 'appdeploy.yaml'), stringify(config));
    const json = JSON.parse((await cli(['plan', '-C', root, '--env', 'prod', '--format', 'json'])).stdout);
    expect(json.tokenLimits).toBeUndefined();
    expect(json.apps[0].action).toBe('no-op');
  });

  it("exports what a token can read, keeps the manifest's customization, and says why it was not read", async () => {
    const { root } = await tokenProject(undefined);
    const before = await readFile(join(root, 'apps', 'tasks.yaml'), 'utf8');
    const exported = await cli(['export', '-C', root, '--env', 'prod', '--app', 'tasks', '--force']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout + exported.stderr).toContain(
      'customize: not read: an API token cannot read it; give environment "prod" a login',
    );
    const after = parse(await readFile(join(root, 'apps', 'tasks.yaml'), 'utf8')) as { customize?: unknown };
    expect(after.customize).toEqual((parse(before) as { customize: unknown }).customize);
  });
});
