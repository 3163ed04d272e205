/**
 * `appdeploy restore BACKUP`, the built CLI, in a project of its own: it names what it will write,
 * writes the backed-up values back (revision-checked), and says in `--format json` how many
 * records it restored and which it could not (edited since, deleted since).
 */
import { copyFile, mkdir, readdir, rename, truncate, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFieldValues, filesFolderOf } from '../../src/records/index.js';
import { appdeploy } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';
import {
  addRecords,
  deploy,
  deployedApp,
  recordsById,
  removeAndAddAgain,
  text,
  useRecordsService,
} from './harness.js';

const service = useRecordsService();
const file = (code: string) => ({ type: 'FILE', code, label: code });
const dir = useTempDir('restore-cli');

/** A project folder whose environment dev is the service, and an app with a title and a note. */
async function projectWithApp(name: string): Promise<{ root: string; app: string }> {
  const root = join(dir(), name);
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, 'appdeploy.yaml'),
    `environments:\n  dev:\n    baseUrl: ${service.url}\n    auth: { login: admin, password: admin }\n`,
  );
  return { root, app: await deployedApp(service.client, { title: text('title'), note: text('note') }) };
}

describe('appdeploy restore', () => {
  it('restores a deleted field’s values from the backup and names the records it could not', async () => {
    const { client } = service;
    const { root, app } = await projectWithApp('project');
    const ids = await addRecords(
      client,
      app,
      ['a', 'b', 'c'].map((t) => ({ title: { value: t }, note: { value: `note ${t}` } })),
    );
    const backup = await backupFieldValues(client, {
      app,
      appKey: 'orders',
      fields: [{ code: 'note', table: null, type: 'SINGLE_LINE_TEXT' }],
      dir: join(root, '.appdeploy', 'backups', 'dev'),
    });
    await removeAndAddAgain(client, app, { note: text('note') });
    await client.records.updateRecord({ app, id: ids[1]!, record: { title: { value: 'b edited' } } });
    await client.records.deleteRecords({ app, ids: [ids[2]!] });

    const run = await appdeploy(['restore', relative(root, backup.file), '--yes', '--format', 'json'], root);
    expect(run.stderr).toContain(
      `Restore 3 values of 3 records into app ${app} (note) on dev; records edited since the backup are left as they are.`,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      app,
      records: 3,
      restored: 1,
      written: 1,
      editedSince: [ids[1]],
      deletedSince: [ids[2]],
    });
    const after = await recordsById(client, app);
    expect(after.get(ids[0]!)!.note!.value).toBe('note a');

    // The same backup from another environment's folder: its app id names another app here.
    const prod = join(root, '.appdeploy', 'backups', 'prod');
    await mkdir(prod, { recursive: true });
    await copyFile(backup.file, join(prod, basename(backup.file)));
    const refused = await appdeploy(
      ['restore', join('.appdeploy', 'backups', 'prod', basename(backup.file)), '--yes', '--format', 'json'],
      root,
    );
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      error: { code: 'RESTORE.OTHER_ENVIRONMENT', hint: 'Restore it into prod: add --env prod.' },
    });
  }, 90_000);

  // A file cut short: a backup copied elsewhere by a copy stopped part way.
  it.each([
    ['its folder moved away', 'no-folder'],
    ['a file of it cut short', 'cut-file'],
  ] as const)(
    'refuses a backup whose attachments are not beside it whole (%s), writing nothing',
    async (_, how) => {
      const { client } = service;
      const { root } = await projectWithApp(how);
      const app = await deployedApp(client, { title: text('title'), contract: file('contract') });
      const { fileKey } = await client.files.upload(Buffer.from('pdf bytes'), { name: 'c.pdf' });
      await addRecords(client, app, [{ title: { value: 'a' }, contract: { value: [{ fileKey }] } }]);
      const backup = await backupFieldValues(client, {
        app,
        appKey: 'orders',
        fields: [{ code: 'contract', table: null, type: 'FILE' }],
        dir: join(root, '.appdeploy', 'backups', 'dev'),
      });
      await removeAndAddAgain(client, app, { contract: file('contract') });
      const folder = filesFolderOf(backup.file);
      if (how === 'no-folder') await rename(folder, join(dirname(folder), 'elsewhere'));
      else {
        const [name] = await readdir(folder);
        await truncate(join(folder, name!), 3);
      }
      const run = await appdeploy(['restore', relative(root, backup.file), '--yes'], root);
      expect(run.code).toBe(1);
      expect(
        run.stderr
          .replace(backup.file, 'BACKUP')
          .replace(/\d+-contract-0-c\.pdf/, 'FILE')
          .replaceAll(basename(folder), 'FOLDER'),
      ).toMatchInlineSnapshot(`
      "Error: The backup BACKUP names 1 attachment not beside it whole (FOLDER/FILE): its folder FOLDER/ is missing or incomplete.
        Give the backup with its folder FOLDER/ beside it, as apply wrote them (copy the folder with the .jsonl file).
      "
    `);
      const after = await recordsById(client, app);
      // Nothing written (the local service leaves a field added after a record out of it).
      expect([...after.values()][0]!.contract?.value ?? []).toEqual([]);
    },
    90_000,
  );

  it('refuses a backup whose field the app lacks before it says what it would write and asks', async () => {
    const { client } = service;
    const { root, app } = await projectWithApp('no-field');
    await addRecords(client, app, [{ title: { value: 'a' }, note: { value: 'note a' } }]);
    const backup = await backupFieldValues(client, {
      app,
      appKey: 'orders',
      fields: [{ code: 'note', table: null, type: 'SINGLE_LINE_TEXT' }],
      dir: join(root, '.appdeploy', 'backups', 'dev'),
    });
    await client.form.deleteFields({ app, fields: ['note'] });
    await deploy(client, app);

    // No --yes and no terminal: the refusal that matters is the field, not the missing yes; and
    // nothing is announced as about to be restored.
    const run = await appdeploy(['restore', relative(root, backup.file)], root);
    expect(run.code).toBe(1);
    expect(run.stderr.replaceAll(`App ${app} `, 'App ID ')).toMatchInlineSnapshot(`
      "Error: App ID has no field note to restore into.
        Add the field note (SINGLE_LINE_TEXT) to the app's manifest again, apply, then restore.
      "
    `);
  }, 90_000);
});
