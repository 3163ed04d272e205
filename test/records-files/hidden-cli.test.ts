/**
 * The built CLI's `seed` and `export --records`, signed in as a user whom a record permission
 * hides some records from: seed's plan says, under the app, that it neither compares nor deletes
 * them (so `--clean` leaves them), and the export says its file holds only what the service
 * showed (plan/caller-visibility.ts recordsHiddenFrom; docs/records.md).
 */
import { rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { USERS } from '../emulator/records/records-helpers.js';

const service = useLocalService({ client: {}, emulator: { users: USERS } });
let root = '';
afterAll(async () => rm(root, { recursive: true, force: true }));

const RIGHTS = 'recordViewable: true, recordAddable: true, recordEditable: true, recordDeletable: true';
const MANIFEST = `name: Notes
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  subject: { type: SINGLE_LINE_TEXT, label: Subject }
appAcl:
  - { entity: { type: USER, code: alice }, appEditable: true, ${RIGHTS} }
  - { entity: { type: GROUP, code: everyone }, ${RIGHTS} }
recordAcl:
  - filterCond: subject like "secret"
    entities:
      - { entity: { type: USER, code: bob }, viewable: true, editable: true, deletable: true }
`;
const HIDDEN =
  'record permission rule 1 (records where subject like "secret") may hide records from alice: no entity names alice, who so gets no right';

it(
  'seed --clean and export --records as alice, whom rule 1 hides the secret records from',
  { timeout: 120_000 },
  async () => {
    root = await tempProject('appdeploy-hidden-cli-', {
      'appdeploy.yaml': [
        'environments:',
        `  svc: { baseUrl: '${service.url}', auth: { login: alice, password: alice-pw } }`,
        'defaultEnvironment: svc',
        'apps:',
        '  notes: { manifest: apps/notes.yaml, records: { file: records/notes.yaml, key: code } }',
        '',
      ].join('\n'),
      'apps/notes.yaml': MANIFEST,
      'records/notes.yaml': [
        '- { code: O1, subject: open one }',
        '- { code: O2, subject: open two }',
        '- { code: O3, subject: open three }',
        '',
      ].join('\n'),
    });
    expect((await appdeploy(['apply', '--yes'], root)).code).toBe(0);
    const { apps } = await service.client.apps.getApps({ name: 'Notes' });
    const id = apps[0]!.appId;
    await service.client.records.addAll(id, [
      { code: { value: 'O1' }, subject: { value: 'open one' } },
      { code: { value: 'O2' }, subject: { value: 'open two' } },
      { code: { value: 'S1' }, subject: { value: 'secret one' } },
      { code: { value: 'S2' }, subject: { value: 'secret two' } },
    ]);

    const dry = await appdeploy(['seed', '--clean', '--dry-run'], root);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      [
        'notes (records/notes.yaml, by code): 1 to add, 0 to change, 0 to delete, 2 unchanged',
        `  ! ${HIDDEN}`,
        '    seed neither compares nor deletes the records of notes it does not see; an add whose key one of them holds is refused (give the user view and edit in every rule, or seed with an API token of the app)',
        '  + O3',
        '',
      ].join('\n'),
    );
    const json = await appdeploy(['seed', '--clean', '--dry-run', '--format', 'json'], root);
    expect((JSON.parse(json.stdout) as { apps: { hidden: string | null }[] }).apps[0]!.hidden).toBe(HIDDEN);

    const seeded = await appdeploy(['seed', '--clean', '--yes'], root);
    expect(seeded.code).toBe(0);
    // The secret records stay: --clean deletes only what alice sees and the file lacks.
    const { records } = await service.client.records.getRecords({ app: id, fields: ['code'] });
    expect(records.map((r) => r.code!.value).sort()).toEqual(['O1', 'O2', 'O3', 'S1', 'S2']);

    const exported = await appdeploy(['export', '--records', '--app', 'notes'], root);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(
      `Exported 3 records of notes to records/notes.yaml, keyed by code.\nNote: ${HIDDEN}: the file holds only the records the service showed.\n`,
    );
  },
);
