/**
 * The world of the record-values oracle (record-values-oracle.test.ts): an app with a field of
 * every type a record file may hold a value for, each with the settings that limit its values
 * (lengths, a range, options, `required`, `unique`, a lookup), and the app its lookup reads; one
 * environment whose directory calls the file's people by other codes (its maps rename them).
 */
import { codeIn, PEOPLE } from '../round-trip-world.js';

/** The directory: round-trip-world's environment a (admin, and the people under a's codes). */
export { directory } from '../round-trip-world.js';

export const THINGS_MANIFEST = `name: Things
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  title: { type: SINGLE_LINE_TEXT, label: Title, required: true, minLength: '2', maxLength: '10' }
  ref: { type: SINGLE_LINE_TEXT, label: Ref, unique: true }
  notes: { type: MULTI_LINE_TEXT, label: Notes }
  body: { type: RICH_TEXT, label: Body }
  site: { type: LINK, label: Site, protocol: WEB, maxLength: '40' }
  phone: { type: LINK, label: Phone, protocol: CALL }
  mail: { type: LINK, label: Mail, protocol: MAIL }
  amount:
    type: NUMBER
    label: Amount
    minValue: '-100'
    maxValue: '1000'
    digit: true
    displayScale: '2'
    unit: JPY
    unitPosition: AFTER
  big: { type: NUMBER, label: Big }
  total: { type: CALC, label: Total, expression: amount * 2 }
  day: { type: DATE, label: Day }
  at: { type: TIME, label: At }
  when: { type: DATETIME, label: When }
  size:
    type: DROP_DOWN
    label: Size
    options: { Small: { label: Small }, Large: { label: Large }, "on": { label: "on" } }
  level:
    type: RADIO_BUTTON
    label: Level
    options: { low: { label: low }, high: { label: high } }
    defaultValue: low
  tags:
    type: CHECK_BOX
    label: Tags
    options: { vip: { label: vip }, "007": { label: "007" }, "ｶﾅ": { label: "ｶﾅ" } }
  topics:
    type: MULTI_SELECT
    label: Topics
    options: { "1e3": { label: "1e3" }, "12:30": { label: "12:30" }, "yes": { label: "yes" } }
  owner: { type: USER_SELECT, label: Owner }
  team: { type: GROUP_SELECT, label: Team }
  dept: { type: ORGANIZATION_SELECT, label: Dept }
  docs: { type: FILE, label: Docs }
  kind:
    type: SINGLE_LINE_TEXT
    label: Kind
    lookup:
      relatedApp: { app: kinds }
      relatedKeyField: kcode
      fieldMappings: [{ field: kind_name, relatedField: name }]
  kind_name: { type: SINGLE_LINE_TEXT, label: Kind name }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      item: { type: SINGLE_LINE_TEXT, label: Item, required: true, maxLength: '8' }
      qty: { type: NUMBER, label: Qty, minValue: '0' }
      due: { type: DATE, label: Due }
`;

export const KINDS_MANIFEST = `name: Kinds
fields:
  kcode: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  name: { type: SINGLE_LINE_TEXT, label: Name }
`;

export const KINDS_RECORDS = `- { kcode: K1, name: First }
- { kcode: "007", name: Bond }
`;

/** appdeploy.yaml: environment a at `url`, its maps renaming the file's people. */
export function projectFile(url: string): string {
  const map = (kind: keyof typeof PEOPLE) =>
    `{ ${PEOPLE[kind].map((code) => `${code}: '${codeIn('a', kind, code)}'`).join(', ')} }`;
  return [
    'environments:',
    `  a: { baseUrl: '${url}', auth: { login: admin, password: admin }, timeZone: Asia/Tokyo, users: ${map('users')}, groups: ${map('groups')}, organizations: ${map('organizations')} }`,
    'apps:',
    '  things:',
    '    manifest: apps/things.yaml',
    '    records: { file: records/things.yaml, key: code }',
    '  kinds:',
    '    manifest: apps/kinds.yaml',
    '    records: { file: records/kinds.yaml, key: kcode }',
    '',
  ].join('\n');
}
