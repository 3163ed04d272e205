/**
 * The Japanese project (examples/japanese, `locale: ja`): it validates offline with the Japanese
 * system field codes, plans, applies and converges against a `--locale ja` local service, and the
 * app it creates has the codes and preset statuses platform-facts-verified ("Locale") lists.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { createClient } from '../../src/client/index.js';
import { hasChanges, plan } from '../../src/plan/index.js';
import { validateProject } from '../../src/project/index.js';
import {
  copyExample,
  loadValid,
  projectFile,
  removeProject,
  useService,
  writeProject,
  type ServiceHandle,
} from './harness.js';
import { said } from '../support/cli-results.js';
import { JA_SYSTEM_CODES } from '../support/ja-system-codes.js';

const POLL = { initial: 10, max: 50 };

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeProject(root);
});

async function example(service: ServiceHandle): Promise<string> {
  const root = await copyExample(service, 'japanese');
  roots.push(root);
  return root;
}

/** Applies the project as a first-time user does, and says what a fresh plan then finds. */
async function applyAndReplan(service: ServiceHandle, root: string) {
  const project = await loadValid(root);
  const first = await plan({ project, client: service.client });
  expect(first.apps.map((a) => a.action)).toEqual(['create-app']);
  const result = await apply({ plan: first, project, client: service.client, pollIntervalMs: POLL });
  expect(result.outcome, said(result)).toBe('applied');
  const after = await loadValid(root);
  const again = await plan({ project: after, client: service.client });
  return { app: after.apps[0]!.id!, again };
}

describe('examples/japanese against a --locale ja local service', () => {
  const service = useService({ locale: 'ja' });

  it('validates, plans, applies and converges; the app has Japanese system fields and statuses', async () => {
    const root = await example(service);
    const { app, again } = await applyAndReplan(service, root);
    expect(hasChanges(again)).toBe(false);

    const { properties } = await service.client.form.getFields({ app, copy: 'live' });
    for (const code of JA_SYSTEM_CODES) expect(Object.keys(properties)).toContain(code);
    const process = await service.client.settings.getProcessManagement({ app, copy: 'live' });
    expect(process.enable).toBe(true);
    expect(Object.keys(process.states ?? {}).sort()).toEqual(['完了', '処理中', '未処理'].sort());

    // A record starts in 未処理; the CALC due date is the day it came in plus three days.
    const { id } = await service.client.records.addRecord({
      app,
      record: {
        件名: { value: 'ログインできない' },
        内容: { value: 'パスワードを再設定しても入れません。' },
        受付日: { value: '2026-04-25' },
      },
    });
    const { record } = await service.client.records.getRecord({ app, id });
    expect(record['ステータス']?.value).toBe('未処理');
    expect(record['回答期限']?.value).toBe('2026-04-28');
  });

  it('is refused offline when the project says its apps are English: the views name レコード番号', async () => {
    const root = await example(service);
    const path = join(root, 'appdeploy.yaml');
    await writeFile(path, (await readFile(path, 'utf8')).replace(/^locale: ja$/mu, 'locale: en'));
    const result = await validateProject({ cwd: root, dir: root, variables: {} });
    const messages = result.problems.map((p) => `${p.file}:${p.line} ${p.message}`);
    expect(messages.some((m) => m.includes('レコード番号'))).toBe(true);
    expect(messages.some((m) => m.includes('ステータス'))).toBe(true);
  });
});

describe('examples/japanese against a service whose default language is English', () => {
  const service = useService();

  it('creates the app in Japanese all the same (the create call asks for ja) and converges', async () => {
    const root = await example(service);
    const { app, again } = await applyAndReplan(service, root);
    expect(hasChanges(again)).toBe(false);
    const { properties } = await service.client.form.getFields({ app, copy: 'live' });
    expect(properties['レコード番号']?.type).toBe('RECORD_NUMBER');
  });

  it('answers in the language the environment names when a client asks for it', async () => {
    const client = createClient({
      baseUrl: service.url,
      auth: { login: 'admin', password: 'admin' },
      language: 'ja',
    });
    try {
      const app = (await service.client.apps.addApp({ name: 'messages' })).app;
      await service.client.apps.deploy({ apps: [{ app }] });
      await service.client.apps.waitForDeploy([app]);
      // platform-facts-verified, Locale: CB_VA01 is 入力内容が正しくありません。 in ja.
      const error = await client.records
        .addRecords({ app, records: Array.from({ length: 101 }, () => ({})) })
        .catch((e: Error) => e);
      expect((error as Error).message).toContain('入力内容が正しくありません。');
    } finally {
      await client.close();
    }
  });
});

describe('an English manifest that declares its system fields, against an app created in Japanese', () => {
  const service = useService({ locale: 'ja' });

  it('plans the system fields as renamed (one of each type per app), applies, and converges', async () => {
    const root = await writeProject({
      'appdeploy.yaml': projectFile(service.url, { notes: null }),
      'apps/notes.yaml': [
        'name: Notes',
        'fields:',
        '  Record_number: { type: RECORD_NUMBER, label: No. }',
        '  Updated_datetime: { type: UPDATED_TIME, label: Changed }',
        '  title: { type: SINGLE_LINE_TEXT, label: Title }',
        'views:',
        '  All:',
        '    type: LIST',
        '    fields: [Record_number, title, Updated_datetime]',
        '    sort: Record_number desc',
        '',
      ].join('\n'),
    });
    roots.push(root);
    // Created by a Japanese service: its system fields are レコード番号, 更新日時, ...
    const app = (await service.client.apps.addApp({ name: 'Notes' })).app;
    await service.client.apps.deploy({ apps: [{ app }] });
    await service.client.apps.waitForDeploy([app]);
    await writeFile(join(root, 'appdeploy.yaml'), projectFile(service.url, { notes: app }));

    const project = await loadValid(root);
    const first = await plan({ project, client: service.client });
    const fields = first.apps[0]!.areas.find((a) => a.key === 'fields')!;
    const renames = fields.changes.flatMap((c) => (c.action === 'rename' ? [[c.from, c.path]] : []));
    expect(renames).toEqual(
      expect.arrayContaining([
        ['レコード番号', ['Record_number']],
        ['更新日時', ['Updated_datetime']],
      ]),
    );
    expect(fields.changes.filter((c) => c.action === 'add').map((c) => c.path)).toEqual([['title']]);
    const result = await apply({ plan: first, project, client: service.client, pollIntervalMs: POLL });
    expect(result.outcome, said(result)).toBe('applied');
    expect(hasChanges(await plan({ project: await loadValid(root), client: service.client }))).toBe(false);
  });
});
