/**
 * The world of the records round-trip fuzzer (records-round-trip.test.ts): an app with every
 * writable field type and a unique key, a second app its lookup reads, and two environments with
 * directories of their own (the users, groups and organizations a record file names are mapped
 * to other codes in each, through appdeploy.yaml's maps).
 */
import type { EmulatorOptions } from '../../src/emulator/index.js';

/** Every writable field type (docs/records.md's table), a lookup, and a table of columns. */
export const THINGS_MANIFEST = `name: Things
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  title: { type: SINGLE_LINE_TEXT, label: Title }
  notes: { type: MULTI_LINE_TEXT, label: Notes }
  body: { type: RICH_TEXT, label: Body }
  amount: { type: NUMBER, label: Amount, digit: true, displayScale: 2 }
  count: { type: NUMBER, label: Count }
  level:
    type: RADIO_BUTTON
    label: Level
    options: { low: { label: low }, "yes": { label: "yes" }, "a, b": { label: "a, b" } }
    defaultValue: low
    align: HORIZONTAL
  kind:
    type: DROP_DOWN
    label: Kind
    options: { "null": { label: "null" }, "日本": { label: "日本" }, "- x": { label: "- x" } }
  tags:
    type: CHECK_BOX
    label: Tags
    options: { vip: { label: vip }, "no": { label: "no" }, "#hash": { label: "#hash" } }
  topics:
    type: MULTI_SELECT
    label: Topics
    options: { "1e3": { label: "1e3" }, "~": { label: "~" }, "😀": { label: "😀" } }
  day: { type: DATE, label: Day }
  at: { type: TIME, label: At }
  when: { type: DATETIME, label: When }
  site: { type: LINK, label: Site, protocol: WEB }
  owner: { type: USER_SELECT, label: Owner }
  team: { type: GROUP_SELECT, label: Team }
  dept: { type: ORGANIZATION_SELECT, label: Dept }
  docs: { type: FILE, label: Docs }
  partner:
    type: SINGLE_LINE_TEXT
    label: Partner
    lookup:
      relatedApp: { app: partners }
      relatedKeyField: partner_code
      fieldMappings: [{ field: partner_name, relatedField: name }]
  partner_name: { type: SINGLE_LINE_TEXT, label: Partner name }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      item: { type: SINGLE_LINE_TEXT, label: Item }
      qty: { type: NUMBER, label: Qty }
      due: { type: DATE, label: Due }
      who: { type: USER_SELECT, label: Who }
      pick:
        type: DROP_DOWN
        label: Pick
        options: { "yes": { label: "yes" }, "0x1F": { label: "0x1F" } }
      memo: { type: MULTI_LINE_TEXT, label: Memo }
`;

export const PARTNERS_MANIFEST = `name: Partners
fields:
  partner_code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  name: { type: SINGLE_LINE_TEXT, label: Name }
`;

/** The partners every case's lookups read (seeded before things: seed orders apps by lookups). */
export const PARTNERS = [
  { partner_code: 'P1', name: 'Acme' },
  { partner_code: 'yes', name: 'Yes & Co' },
  { partner_code: ' spaced ', name: ' spaced name ' },
];

/** The codes record files use for people, and what each environment's directory calls them. */
export const PEOPLE = {
  users: ['alice', 'bob'],
  groups: ['devs', 'ops'],
  organizations: ['sales', 'hq'],
} as const;

type Kind = keyof typeof PEOPLE;

/** The code environment `env` gives `code` of `kind`. */
export const codeIn = (env: 'a' | 'b', kind: Kind, code: string): string =>
  kind === 'users' ? `${code}.${env}@corp.example` : `${code}-${env}`;

/** The directory of environment `env`: admin, and everyone of PEOPLE under its own codes. */
export function directory(env: 'a' | 'b'): EmulatorOptions {
  const users = PEOPLE.users.map((login) => ({
    login: codeIn(env, 'users', login),
    password: `${login}-pw`,
    admin: false,
    name: login,
  }));
  const unit = (kind: 'groups' | 'organizations') =>
    PEOPLE[kind].map((code) => ({ code: codeIn(env, kind, code), name: code, users: [] }));
  return {
    users: [{ login: 'admin', password: 'admin', admin: true, name: 'Administrator' }, ...users],
    groups: unit('groups'),
    organizations: unit('organizations'),
  };
}

/** appdeploy.yaml's maps for environment `env`. */
function maps(env: 'a' | 'b'): string {
  const map = (kind: Kind) =>
    `{ ${PEOPLE[kind].map((code) => `${code}: '${codeIn(env, kind, code)}'`).join(', ')} }`;
  return `users: ${map('users')}, groups: ${map('groups')}, organizations: ${map('organizations')}`;
}

/** appdeploy.yaml: environments a and b at the two services, things' records in `file`. */
export function projectFile(urls: { a: string; b: string }, file: string): string {
  const env = (name: 'a' | 'b') =>
    `  ${name}: { baseUrl: '${urls[name]}', auth: { login: admin, password: admin }, ${maps(name)} }`;
  return [
    'environments:',
    env('a'),
    env('b'),
    'apps:',
    '  things:',
    '    manifest: apps/things.yaml',
    `    records: { file: ${file}, key: code }`,
    '  partners:',
    '    manifest: apps/partners.yaml',
    '    records: { file: records/partners.yaml, key: partner_code }',
    '',
  ].join('\n');
}
