/**
 * The plan finds out which system field codes a new app gets, and knows it can reach the service
 * (issue 32 items 2 and 4), end to end through the CLI against local services on port 0:
 * - a Japanese project (examples/japanese, `locale: ja`) whose deploying user works in English gets
 *   English codes (platform-facts-verified, "Locale": the user's own setting wins over the request's
 *   Accept-Language): the plan reads the user's language and blocks, naming each field and the fix,
 *   and apply creates nothing; the same user in Japanese plans and applies it;
 * - `plan` signs in before it says anything about the target: a closed port and a wrong password
 *   fail the plan as they fail apply, even when every app is new and nothing names a user.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { copyExample, removeProject } from '../support/projects.js';
import { runMain } from '../support/main-in-process.js';
import { closedPort } from '../support/closed-port.js';

const roots: string[] = [];
const services: RunningEmulator[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeProject(root);
  for (const service of services.splice(0)) await service.close();
});

/** A service whose organisation speaks `locale`, with the administrator's own language `lang` (none: as the browser). */
async function service(locale: 'en' | 'ja', lang?: 'en' | 'ja'): Promise<RunningEmulator> {
  const started = await startEmulator({
    port: 0,
    deployMs: 10,
    locale,
    users: [{ login: 'admin', password: 'admin', admin: true, ...(lang ? { lang } : {}) }],
  });
  services.push(started);
  return started;
}

async function japanese(url: string): Promise<string> {
  const root = await copyExample('japanese', url);
  roots.push(root);
  return root;
}

/** `plan --format json`, which must succeed: its `newApps`. */
async function newAppsOf(root: string): Promise<unknown> {
  const planned = await runMain(['plan', '-C', root, '--env', 'test', '--format', 'json']);
  expect(planned.code, planned.err).toBe(0);
  return (JSON.parse(planned.out) as { newApps: unknown }).newApps;
}

const ADMIN_HEADER = { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') };

describe('the codes of a new app follow the deploying user', () => {
  it('blocks a Japanese project when the deploying user works in English, and apply creates nothing', async () => {
    const target = await service('ja', 'en');
    const root = await japanese(target.url);
    const planned = await runMain(['plan', '-C', root, '--env', 'test', '--format', 'json']);
    expect(planned.code, planned.err).toBe(1);
    const json = JSON.parse(planned.out) as {
      newApps: unknown;
      apps: { risks: { kind: string; path: string[]; reason: string; instead: string }[] }[];
    };
    expect(json.newApps).toEqual({ locale: 'en', from: 'user', user: 'admin' });
    const blocked = json.apps[0]!.risks.filter((r) => r.kind === 'blocked');
    // The manifest leaves its system fields undeclared and names them in its views and process
    // by their Japanese codes: one risk for the app, naming each, located at its fields.
    expect(blocked).toHaveLength(1);
    expect(blocked[0]!.reason).toMatch(
      /inquiries\.yaml:12:1: apply creates app "inquiries" as user "admin", whose language is en, so its system fields get the codes of locale en, but the project names /,
    );
    for (const named of [
      '"ステータス" (STATUS: "Status" in the new app)',
      '"作業者" (STATUS_ASSIGNEE: "Assignee" in the new app)',
      '"レコード番号" (RECORD_NUMBER: "Record_number" in the new app)',
    ])
      expect(blocked[0]!.reason).toContain(named);
    expect(blocked[0]!.instead).toContain('deploy as a user whose own language is ja');
    expect(blocked[0]!.instead).toContain('set locale: en for environment test in appdeploy.yaml');

    const text = await runMain(['plan', '-C', root, '--env', 'test']);
    expect(text.code).toBe(1);
    expect(text.out).toContain('Error: Blocked change in app "inquiries"');
    expect(text.err).toMatch(
      /^Error: apply would refuse this plan: inquiries: fields: .*inquiries\.yaml:12:1: /,
    );

    const applied = await runMain(['apply', '--yes', '-C', root, '--env', 'test']);
    expect(applied.code).toBe(1);
    const apps = await fetch(`${target.url}/k/v1/apps.json`, { headers: ADMIN_HEADER });
    expect(((await apps.json()) as { apps: unknown[] }).apps).toEqual([]);
  });

  it('blocks an English project that declares its status fields, when the deploying user works in Japanese', async () => {
    const target = await service('en', 'ja');
    const root = await copyExample('helpdesk', target.url);
    roots.push(root);
    const planned = await runMain([
      'plan',
      '-C',
      root,
      '--env',
      'test',
      '--app',
      'tickets',
      '--format',
      'json',
    ]);
    expect(planned.code, planned.err).toBe(1);
    const risks = (
      JSON.parse(planned.out) as {
        apps: { risks: { kind: string; path: string[]; reason: string; instead: string }[] }[];
      }
    ).apps[0]!.risks;
    const status = risks.find((r) => r.kind === 'blocked' && r.path[0] === 'Status')!;
    expect(status.reason).toMatch(
      /tickets\.yaml:23:3: apply creates app "tickets" as user "admin", whose language is ja: it gets its STATUS field with the code "ステータス" and the label "ステータス", and the interface cannot change a STATUS field's code, so "Status" would not exist$/,
    );
    expect(status.instead).toMatch(/^name it "ステータス" \(label "ステータス"\) in the manifest/);
    expect(risks.filter((r) => r.kind === 'blocked').map((r) => r.path[0])).toEqual(
      expect.arrayContaining(['Status', 'Assignee', 'Categories']),
    );
  });

  it('plans and applies the same project for a user who works in Japanese; a fresh plan is empty', async () => {
    const target = await service('en', 'ja');
    const root = await japanese(target.url);
    expect(await newAppsOf(root)).toEqual({ locale: 'ja', from: 'user', user: 'admin' });
    const applied = await runMain(['apply', '--yes', '-C', root, '--env', 'test']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    const again = await runMain(['plan', '-C', root, '--env', 'test', '--detailed-exitcode']);
    expect(again.code, again.out).toBe(0);
  });

  it("follows the environment locale for a user whose language is the browser's (apply asks for it)", async () => {
    const target = await service('en');
    const root = await japanese(target.url);
    expect(await newAppsOf(root)).toEqual({ locale: 'ja', from: 'environment', user: 'admin' });
  });

  it("assumes the environment's locale, and says why, when the user's language cannot be read", async () => {
    const target = await service('en', 'en');
    const root = await japanese(target.url);
    // The hosted platform refuses a guest the User API (403 CB_NO02, cybozu.dev get-users).
    await fetch(`${target.url}/_emulator/faults`, {
      method: 'POST',
      headers: { ...ADMIN_HEADER, 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'GET',
        path: '^/v1/users\\.json$',
        status: 403,
        body: { code: 'CB_NO02', id: 'x', message: 'You do not have permission for this operation.' },
      }),
    });
    expect(await newAppsOf(root)).toEqual({
      locale: 'ja',
      from: 'environment',
      user: 'admin',
      unread: 'the service refused reading user "admin" (403 CB_NO02)',
    });
    const text = await runMain(['plan', '-C', root, '--env', 'test']);
    expect(
      text.out.split('\n').find((l) => l.startsWith("New apps' language not read:")),
    ).toMatchInlineSnapshot(
      `"New apps' language not read: the apps this plan creates are assumed to get their system fields in the environment's locale (ja): the service refused reading user "admin" (403 CB_NO02). If the deploying user's own language setting is another one, the new apps get that language's system field codes instead."`,
    );
  });
});

describe('plan signs in before it says anything about the target', () => {
  it('fails on a base URL nothing answers at, though every app is new', async () => {
    const root = await japanese(`http://127.0.0.1:${await closedPort()}`);
    const planned = await runMain(['plan', '-C', root, '--env', 'test']);
    expect(planned.code).toBe(1);
    expect(planned.out).not.toContain('Plan:');
    expect(planned.err).toMatch(/ECONNREFUSED|connect|reach/i);
  });

  it('fails on a wrong password, as apply does', async () => {
    const target = await service('ja');
    const root = await japanese(target.url);
    const config = join(root, 'appdeploy.yaml');
    const doc = parseDocument(await readFile(config, 'utf8'));
    doc.setIn(['environments', 'test', 'auth', 'password'], 'wrong');
    await writeFile(config, doc.toString());
    const planned = await runMain(['plan', '-C', root, '--env', 'test']);
    const applied = await runMain(['apply', '--yes', '-C', root, '--env', 'test']);
    expect(applied.code).toBe(1);
    expect(planned.code).toBe(1);
    expect(planned.out).not.toContain('Plan:');
    expect(planned.err).toContain('CB_WA01');
  });
});
