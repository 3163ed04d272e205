/**
 * A hint that names a next command spells it as the README does (`npx appdeploy ...`) and
 * repeats the flags that chose the project (`-C`, `--config`, `--env`), quoted for the shell
 * where a path needs it; and the command it names, run as written, acts on the same project.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeployCommand, projectFlags } from '../../src/project/index.js';
import { manifest } from '../apply/harness.js';
import { text } from '../support/fields.js';
import { runMain } from '../support/main-in-process.js';
import { tempProject } from '../support/temp-project.js';

let emulator: RunningEmulator;
let dir = '';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, deployMs: 10 });
  // A folder whose name has a space: the hint must quote it.
  dir = await tempProject('appdeploy next command-', {
    'apps/tasks.yaml': stringify(manifest('Tasks', { title: text('Title') })),
    'project.yaml': stringify({
      environments: {
        local: {},
        test: { baseUrl: emulator.url, auth: { login: 'admin', password: 'admin' } },
      },
      apps: { tasks: { manifest: 'apps/tasks.yaml' } },
    }),
  });
});

afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

const cli = runMain;

/** The words of a command as a POSIX shell splits them (plain words and single quotes). */
function shellWords(command: string): string[] {
  return [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!,
  );
}

/** Runs a hinted `npx appdeploy ...` command as written. */
function runHint(command: string) {
  const words = shellWords(command);
  expect(words.slice(0, 2)).toEqual(['npx', 'appdeploy']);
  return cli(words.slice(2));
}

const quoted = () => `'${dir}'`;
const flags = () => `-C ${quoted()} --config project.yaml --env test`;

describe('hints that name a next command', () => {
  it('spells the flags as given, quoting only what the shell needs', () => {
    expect(projectFlags({})).toBe('');
    expect(projectFlags({ dir: 'proj', env: 'staging' })).toBe('-C proj --env staging');
    expect(projectFlags({ config: "it's.yaml" })).toBe(`--config 'it'\\''s.yaml'`);
    expect(appdeployCommand(undefined, 'status')).toBe('npx appdeploy status');
    expect(appdeployCommand({ commandFlags: '-C a' }, 'revert', '--app x')).toBe(
      'npx appdeploy revert -C a --app x',
    );
  });

  it('status and plan --out name commands with -C, --config and --env, and those commands work', async () => {
    const base = ['-C', dir, '--config', 'project.yaml', '--env', 'test'];
    const status = await cli(['status', ...base]);
    expect(status.code).toBe(2);
    expect(status.out).toContain(
      `\`npx appdeploy plan ${flags()}\` shows the differences; \`npx appdeploy apply ${flags()}\` makes the apps match.`,
    );

    const out = join(dir, 'p.json');
    const planned = await cli(['plan', ...base, '--out', out]);
    expect(planned.code).toBe(0);
    const hint = /apply it with `([^`]+)`/.exec(planned.err)?.[1];
    expect(hint).toBe(`npx appdeploy apply ${flags()} '${out}'`);
    const applied = await runHint(hint!);
    expect(applied.err).not.toMatch(/Error/);
    expect(applied.code).toBe(0);

    const after = await cli(['status', ...base]);
    expect(after.code).toBe(0);
  });

  it('an error names the command with the flags the failing command was given', async () => {
    const refused = await cli(['apply', 'p.json', '--app', 'tasks', '-C', dir, '--env', 'test']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Save a plan of those apps instead: \`npx appdeploy plan -C ${quoted()} --env test --app KEY --out FILE\`.`,
    );
  });
  it('a plan file of another appdeploy or another service, and an unreadable recovery record, hint with the flags', async () => {
    const base = ['-C', dir, '--config', 'project.yaml', '--env', 'test'];
    const old = join(dir, 'old.json');
    await writeFile(old, JSON.stringify({ formatVersion: 1, apps: [] }));
    const oldPlan = await cli(['apply', ...base, old]);
    expect(oldPlan.code).toBe(1);
    const planAgain = /Plan again with this appdeploy: `([^`]+)`/.exec(oldPlan.err)?.[1];
    expect(planAgain).toBe(`npx appdeploy plan ${flags()} --out FILE`);

    // A plan saved against the local environment, applied to test: another service.
    const local = join(dir, 'local.json');
    expect((await cli(['plan', '-C', dir, '--config', 'project.yaml', '--out', local])).code).toBe(0);
    const saved = JSON.parse(await readFile(local, 'utf8')) as { environment: string };
    await writeFile(local, JSON.stringify({ ...saved, environment: 'test' }));
    const other = await cli(['apply', ...base, local]);
    expect(other.code).toBe(1);
    expect(other.err).toContain(
      `Plan again against this service: \`npx appdeploy plan ${flags()} --out FILE\`.`,
    );

    await mkdir(join(dir, '.appdeploy'), { recursive: true });
    await writeFile(join(dir, '.appdeploy', 'apply-test.json'), '{ not json');
    const unreadable = await cli(['status', ...base]);
    expect(unreadable.code).toBe(1);
    const status = /Delete it; then `([^`]+)`/.exec(unreadable.err)?.[1];
    expect(status).toBe(`npx appdeploy status ${flags()}`);
    await rm(join(dir, '.appdeploy', 'apply-test.json'));
    expect((await runHint(status!)).code).toBe(0);
  });
});
