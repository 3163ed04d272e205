/**
 * Programs that use the generated types with the official client (@kintone/rest-api-client), for
 * the compile test: one that reads, updates and adds records and checks each field against the
 * client's `KintoneRecordField` type both ways, and ones that must not compile.
 */
import type { FieldManifest, ProjectApp } from '../../src/project/index.js';

/** The client's name of each field type (lib/src/KintoneFields/types/field.d.ts). */
const CLIENT_TYPE: Record<string, string> = {
  SINGLE_LINE_TEXT: 'SingleLineText',
  NUMBER: 'Number',
  CALC: 'Calc',
  MULTI_LINE_TEXT: 'MultiLineText',
  RICH_TEXT: 'RichText',
  LINK: 'Link',
  CHECK_BOX: 'CheckBox',
  RADIO_BUTTON: 'RadioButton',
  DROP_DOWN: 'Dropdown',
  MULTI_SELECT: 'MultiSelect',
  FILE: 'File',
  DATE: 'Date',
  TIME: 'Time',
  DATETIME: 'DateTime',
  USER_SELECT: 'UserSelect',
  ORGANIZATION_SELECT: 'OrganizationSelect',
  GROUP_SELECT: 'GroupSelect',
  SUBTABLE: 'Subtable<{ [code: string]: KintoneRecordField.InSubtable }>',
};

const CHOICE = new Set(['CHECK_BOX', 'RADIO_BUTTON', 'DROP_DOWN', 'MULTI_SELECT']);
const COMPUTED = new Set(['CALC', 'SUBTABLE', 'GROUP', 'REFERENCE_TABLE']);

const HEAD = (module: string) => [
  "import { KintoneRestAPIClient, type KintoneRecordField } from '@kintone/rest-api-client';",
  `import type { AppRecord, AppRecordForAdd, AppRecordForWrite, FieldCode, Options, Status } from '${module}';`,
  '',
  "const client = new KintoneRestAPIClient({ baseUrl: 'http://localhost:3000', auth: { apiToken: 't' } });",
];

const q = (text: string) => JSON.stringify(text);

/** The fields a lookup of the app copies into: a write cannot set them (platform-facts-verified "Lookups"). */
function lookupCopies(app: ProjectApp): Set<string> {
  return new Set(
    Object.values(app.manifest.fields ?? {}).flatMap((f) =>
      'lookup' in f ? (f.lookup?.fieldMappings ?? []).map((m) => m.field) : [],
    ),
  );
}

function valueFields(app: ProjectApp): [string, FieldManifest][] {
  return Object.entries(app.manifest.fields ?? {}).filter(([, f]) => CLIENT_TYPE[f.type] !== undefined);
}

/** Reads, updates and adds records; every field of ours is the client's type, and takes the client's value. */
export function goodSample(app: ProjectApp, module: string): string {
  const lines = [
    ...HEAD(module),
    'export async function roundTrip(app: string): Promise<void> {',
    '  const { record } = await client.record.getRecord<AppRecord>({ app, id: 1 });',
    "  const fields: FieldCode[] = ['$id', '$revision'];",
    "  const { records } = await client.record.getRecords<AppRecord>({ app, fields, query: 'limit 10' });",
    '  const all = await client.record.getAllRecords<AppRecord>({ app });',
    '  const asClient: KintoneRecordField.OneOf[] = [...Object.values(record), ...records.flatMap(Object.values)];',
    '  const write: AppRecordForWrite = {};',
  ];
  const copies = lookupCopies(app);
  valueFields(app).forEach(([code, field], i) => {
    lines.push(`  const read${i}: KintoneRecordField.${CLIENT_TYPE[field.type]} = record[${q(code)}];`);
    if (COMPUTED.has(field.type) || copies.has(code)) return;
    if (field.type === 'SINGLE_LINE_TEXT' && 'expression' in field && field.expression) return;
    // The client's value goes into ours, but for choice fields, which ours narrows to the options.
    const source = CHOICE.has(field.type)
      ? `record[${q(code)}].value`
      : `({} as KintoneRecordField.${CLIENT_TYPE[field.type]}).value`;
    lines.push(`  write[${q(code)}] = { value: ${source} };`, `  void read${i};`);
  });
  lines.push(
    '  const add: AppRecordForAdd = { ...write };',
    '  const { id, revision } = await client.record.addRecord({ app, record: add });',
    '  await client.record.updateRecord({ app, id, revision, record: write });',
    '  await client.record.addRecords({ app, records: [write, {}] });',
    '  const status: Status | undefined = undefined;',
    '  const options: Options | undefined = undefined;',
    '  void [all, asClient, status, options];',
    '}',
    '',
  );
  return lines.join('\n');
}

/** A program naming a field the app does not have: reading it and writing it must fail. */
export function wrongCodeSample(module: string): string {
  return [
    ...HEAD(module),
    'export async function wrong(app: string): Promise<void> {',
    '  const { record } = await client.record.getRecord<AppRecord>({ app, id: 1 });',
    '  void record.no_such_field;',
    '}',
    "export const write: AppRecordForWrite = { no_such_field: { value: 'x' } };",
    "export const code: FieldCode = 'no_such_field';",
    'export type Unused = [Options, Status, KintoneRecordField.OneOf];',
    '',
  ].join('\n');
}

/** A program writing an option the field does not have; null when the app has no choice field. */
export function wrongOptionSample(app: ProjectApp, module: string): string | null {
  const choice = valueFields(app).find(([, f]) => CHOICE.has(f.type));
  if (!choice) return null;
  const [code, field] = choice;
  const value =
    field.type === 'CHECK_BOX' || field.type === 'MULTI_SELECT' ? "['No such option']" : "'No such option'";
  return [
    ...HEAD(module),
    `export const write: AppRecordForWrite = { ${q(code)}: { value: ${value} } };`,
    'export type Unused = [FieldCode, Options, Status, KintoneRecordField.OneOf, typeof client];',
    '',
  ].join('\n');
}
