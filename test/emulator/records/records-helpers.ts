import type { useEmulator } from '../harness.js';

type Emulator = ReturnType<typeof useEmulator>;

export const USERS = [
  { login: 'admin', password: 'admin', admin: true, name: 'Administrator' },
  { login: 'alice', password: 'alice-pw', admin: false, name: 'Alice' },
  { login: 'bob', password: 'bob-pw', admin: false, name: 'Bob' },
];
export const ALICE = { login: 'alice', password: 'alice-pw' };
export const BOB = { login: 'bob', password: 'bob-pw' };

/** Fails the test with the service's answer when a setup call does not succeed. */
export async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const res = await reply;
  if (res.status !== 200) throw new Error(`setup call failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An app with these fields (plus the system ones), deployed, optionally with live settings written first. */
export async function appWithFields(
  emu: Emulator,
  properties: Record<string, Record<string, unknown>>,
  draft: { process?: Record<string, unknown> } = {},
): Promise<string> {
  const app = (await ok(emu.call('POST', '/k/v1/preview/app.json', { name: 'Records' }))).app as string;
  const withCodes = Object.fromEntries(
    Object.entries(properties).map(([code, p]) => [code, { code, label: code, ...p }]),
  );
  await ok(emu.call('POST', '/k/v1/preview/app/form/fields.json', { app, properties: withCodes }));
  if (draft.process) await ok(emu.call('PUT', '/k/v1/preview/app/status.json', { app, ...draft.process }));
  const statuses = await emu.deploy([app]);
  if (statuses[app] !== 'SUCCESS') throw new Error(`deploy of app ${app}: ${JSON.stringify(statuses)}`);
  return app;
}

/** Adds records through the API and returns their ids. */
export async function addRecords(
  emu: Emulator,
  app: string,
  records: Record<string, unknown>[],
): Promise<string[]> {
  const body = await ok(emu.call('POST', '/k/v1/records.json', { app, records }));
  return body.ids as string[];
}

/** `{code: {value}}` from `{code: value}`. */
export function rec(values: Record<string, unknown>): Record<string, { value: unknown }> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));
}

/** The group every user belongs to, as ACL entities name it. */
export const EVERYONE = { type: 'GROUP', code: 'everyone' };

/** The six record rights of an app ACL rule (kintone "Update App Permissions"), each set to `on`. */
export function recordRights(on: boolean) {
  return {
    recordViewable: on,
    recordAddable: on,
    recordEditable: on,
    recordDeletable: on,
    recordImportable: on,
    recordExportable: on,
  };
}

/** An app ACL rule's flags: every record right set to `all`, app settings never editable. */
export function appRights(all: boolean) {
  return { appEditable: false, ...recordRights(all) };
}

/**
 * The app the permission tests share: `title`, `level` (options secret, readonly) and `salary`,
 * with records 1 (one, secret, 10), 2 (two, readonly, 20), 3 (three, secret, 30) and 4 (four, 40).
 */
export async function staffApp(emu: Emulator): Promise<string> {
  const app = await appWithFields(emu, {
    title: { type: 'SINGLE_LINE_TEXT' },
    level: {
      type: 'DROP_DOWN',
      options: { secret: { label: 'secret', index: '0' }, readonly: { label: 'readonly', index: '1' } },
    },
    salary: { type: 'NUMBER' },
  });
  await addRecords(emu, app, [
    rec({ title: 'one', level: 'secret', salary: 10 }),
    rec({ title: 'two', level: 'readonly', salary: 20 }),
    rec({ title: 'three', level: 'secret', salary: 30 }),
    rec({ title: 'four', salary: 40 }),
  ]);
  return app;
}

const processUser = (code: string) => ({ entity: { type: 'USER', code }, includeSubs: false });

/**
 * A review process: Open (nobody assigned) -Submit-> Review (the caller picks alice or bob)
 * -Approve, only when amount > 100-> Done (admin assigned).
 */
export const REVIEW_PROCESS = {
  enable: true,
  states: {
    Open: { name: 'Open', index: '0', assignee: { type: 'ONE', entities: [] } },
    Review: {
      name: 'Review',
      index: '1',
      assignee: { type: 'ONE', entities: [processUser('alice'), processUser('bob')] },
    },
    Done: { name: 'Done', index: '2', assignee: { type: 'ALL', entities: [processUser('admin')] } },
  },
  actions: [
    { name: 'Submit', from: 'Open', to: 'Review', filterCond: '', type: 'PRIMARY' },
    { name: 'Approve', from: 'Review', to: 'Done', filterCond: 'amount > 100', type: 'PRIMARY' },
  ],
};
