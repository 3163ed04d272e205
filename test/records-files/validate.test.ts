/**
 * validate on record files: every mistake docs/records.md lists, in YAML, JSON and CSV, with the
 * file:line:col it is reported at (the offending key, value, list item, or CSV cell).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';
import { CUSTOMERS_MANIFEST, ORDERS_MANIFEST, projectFile } from './project.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The problems of a project whose customers and orders record files are given. */
async function problemsOf(files: { customers: [string, string]; orders?: [string, string]; extra?: string }) {
  const [customersFile, customers] = files.customers;
  const [ordersFile, orders] = files.orders ?? ['records/orders.yaml', '[]\n'];
  const dir = await tempProject('appdeploy-records-', {
    'appdeploy.yaml': projectFile(customersFile, ordersFile, files.extra),
    'apps/customers.yaml': CUSTOMERS_MANIFEST,
    'apps/orders.yaml': ORDERS_MANIFEST,
    [customersFile]: customers,
    [ordersFile]: orders,
    // The one attachment there is, beside the record files (paths are relative to their folder).
    'records/files/c.pdf': 'signed',
  });
  dirs.push(dir);
  const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
  return result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`);
}

const Y = 'records/customers.yaml';
const J = 'records/customers.json';
const C = 'records/customers.csv';
/** A valid customer, then the lines given (at line 3 onwards, indented as the record's keys). */
const yaml = (...lines: string[]) => ['- customer_code: C1', '  name: Alice', ...lines, ''].join('\n');

// A record file written for a field before the manifest changed its type or place
// (docs/records.md, "After a field's type or place changes"). Before, a date for a DATETIME and a
// number for a text field were refused (seed refused a file the migration had made right), and
// every other value of the old shape was refused without saying why or what to do.
describe("validate: a record file written before a field's type or place changed", () => {
  it.each([
    {
      case: 'a date for a DATETIME field, and a number whose literal is its text for a text field: taken',
      text: yaml('  seen: 2024-01-31', '  email: 3', '  lines: [{ item: 12.5 }]'),
      problems: [],
    },
    {
      case: 'a number whose literal is not its text, for a text field: quoted as meant',
      text: yaml('  email: 1.50'),
      problems: [
        `${Y}:3:10 RECORDS.TYPE [0].email: SINGLE_LINE_TEXT "email" takes a string (quote it), not number 1.5`,
      ],
    },
    {
      case: 'a date-time for a DATE field, a list for a text field, a number for a DATE: each says what it was written as',
      text: yaml(
        '  since: 2024-01-31T09:00:00Z',
        '  email: [a, b]',
        '- customer_code: C2',
        '  name: Bob',
        '  since: 20240131',
      ),
      problems: [
        `${Y}:3:10 RECORDS.TYPE [0].since: DATE "since" takes a date, YYYY-MM-DD, not the text "2024-01-31T09:00:00Z" (written as a date and time (a DATETIME value): if "since" changed type in the manifest, the record file still holds a value of its old type)`,
        `${Y}:4:10 RECORDS.TYPE [0].email: SINGLE_LINE_TEXT "email" takes a string (quote it), not a list (written as a list (a CHECK_BOX or MULTI_SELECT value): if "email" changed type in the manifest, the record file still holds a value of its old type)`,
        `${Y}:7:10 RECORDS.TYPE [1].since: DATE "since" takes a date, YYYY-MM-DD, not number 20240131 (written as a number (a NUMBER value): if "since" changed type in the manifest, the record file still holds a value of its old type)`,
      ],
    },
    {
      case: "a top-level field inside a table's rows (moved out of the table), at its key",
      text: yaml('  lines: [{ item: pen, email: a@example.com }]'),
      problems: [
        `${Y}:3:24 RECORDS.UNKNOWN_FIELD [0].lines[0].email: no field "email" in the table "lines": "email" is a field outside the table (if it moved out of the table in the manifest, the record file still holds it in the rows)`,
      ],
    },
  ])('$case', async ({ text, problems }) => {
    expect(await problemsOf({ customers: [Y, text] })).toEqual(problems);
  });

  it('says what to do: the value in the new shape, or export --records once apply has migrated the field', async () => {
    const dir = await tempProject('appdeploy-records-', {
      'appdeploy.yaml': projectFile('records/customers.yaml', 'records/orders.yaml'),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
      'apps/orders.yaml': ORDERS_MANIFEST,
      'records/customers.yaml': yaml('  since: 2024-01-31T09:00:00Z'),
      'records/orders.yaml': '[]\n',
    });
    dirs.push(dir);
    const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
    expect(result.problems.map((p) => p.hint)).toEqual([
      'Write YYYY-MM-DD. Or, once `npx appdeploy apply` has migrated the field, write the record file anew from the converted records: `npx appdeploy export --records --app customers` (add --env NAME).',
    ]);
  });
});

describe('validate: a record file in YAML', () => {
  it.each([
    {
      case: 'a valid file has no problems',
      text: yaml(
        '  amount: 1200',
        '  tags: [vip]',
        '  owner: alice',
        '  contract: { path: files/c.pdf }',
        '  since: 2024-01-31',
        '  seen: 2024-01-31T09:00:00+09:00',
        '  lines:',
        '    - { item: pen, qty: 2 }',
      ),
      problems: [],
    },
    {
      case: 'an unknown field code, at its key, with the nearest code',
      text: yaml('  nmae: Bob'),
      problems: [`${Y}:3:3 RECORDS.UNKNOWN_FIELD [0].nmae: no field "nmae" in app "customers"`],
    },
    {
      case: 'a value of the wrong type, at the value',
      text: yaml('  amount: lots'),
      problems: [`${Y}:3:11 RECORDS.TYPE [0].amount: NUMBER "amount" takes a number, not the text "lots"`],
    },
    {
      case: 'a number where text is expected (YAML read 0123 as a number)',
      text: ['- customer_code: 0123', '  name: Alice', ''].join('\n'),
      problems: [
        `${Y}:1:18 RECORDS.TYPE [0].customer_code: SINGLE_LINE_TEXT "customer_code" takes a string (quote it), not number 123`,
      ],
    },
    {
      case: 'an option that does not exist, at its item in the list',
      text: yaml('  tags: [vip, vipp]', '  rank: bronze'),
      problems: [
        `${Y}:3:15 RECORDS.OPTION [0].tags[1]: "vipp" is not an option of "tags"`,
        `${Y}:4:9 RECORDS.OPTION [0].rank: "bronze" is not an option of "rank"`,
      ],
    },
    {
      case: 'a date, a time and a date-time that are not',
      text: yaml('  since: 2024-02-30', '  meets: 9am', '  seen: yesterday'),
      problems: [
        `${Y}:3:10 RECORDS.TYPE [0].since: DATE "since" takes a date, YYYY-MM-DD, not the text "2024-02-30"`,
        `${Y}:4:10 RECORDS.TYPE [0].meets: TIME "meets" takes a time, HH:MM, not the text "9am"`,
        `${Y}:5:9 RECORDS.TYPE [0].seen: DATETIME "seen" takes a date and time, YYYY-MM-DDTHH:MM:SSZ, not the text "yesterday"`,
      ],
    },
    {
      // A YAML number is a double: the digits past about 17 are lost before seed sends them.
      case: 'a number with more digits than a YAML number keeps, at the value (a column too)',
      text: yaml(
        '  amount: 0.1000000000000000055511151231257827',
        '  lines:',
        '    - { item: pen, qty: 12345678901234567890 }',
      ),
      problems: [
        `${Y}:3:11 RECORDS.TYPE [0].amount: NUMBER "amount": 0.1000000000000000055511151231257827 has more digits than a YAML or JSON number keeps (it reads as 0.1)`,
        `${Y}:5:25 RECORDS.TYPE [0].lines[0].qty: NUMBER "qty": 12345678901234567890 has more digits than a YAML or JSON number keeps (it reads as 12345678901234567000)`,
      ],
    },
    {
      case: 'a number that only loses its spelling (a sign, zeros) keeps its value',
      text: yaml('  amount: +0012.50', '  lines:', '    - { item: pen, qty: -0.0 }'),
      problems: [],
    },
    {
      // The platform keeps a DATETIME to the minute: seconds would be dropped on the way in.
      case: 'a date-time with seconds, at the value',
      text: yaml('  seen: 2024-01-31T09:00:30+09:00'),
      problems: [
        `${Y}:3:9 RECORDS.TYPE [0].seen: DATETIME "seen" takes a date and time to the minute, YYYY-MM-DDTHH:MM:00Z (the service keeps no seconds), not the text "2024-01-31T09:00:30+09:00"`,
      ],
    },
    {
      case: 'a file written as a bare string',
      text: yaml('  contract: files/c.pdf'),
      problems: [
        `${Y}:3:13 RECORDS.TYPE [0].contract: FILE "contract" takes { path: FILE } or a list of them, not the text "files/c.pdf"`,
      ],
    },
    {
      case: 'a required field left empty, at its value; one left out, at the record',
      text: ['- customer_code: C1', "  name: ''", '- customer_code: C2', ''].join('\n'),
      problems: [
        `${Y}:2:9 RECORDS.REQUIRED [0].name: the required field "name" is empty`,
        `${Y}:3:3 RECORDS.REQUIRED [1]: the required field "name" is missing`,
      ],
    },
    {
      case: 'a key that repeats, at the second, naming the first',
      text: [yaml().trimEnd(), '- customer_code: C1', '  name: Bob', ''].join('\n'),
      problems: [
        `${Y}:3:18 RECORDS.KEY_REPEATED [1].customer_code: the key "C1" is also the key of the record on line 1`,
      ],
    },
    {
      case: 'a record without its key',
      text: [yaml().trimEnd(), '- name: Bob', ''].join('\n'),
      problems: [
        `${Y}:3:3 RECORDS.REQUIRED [1]: the required field "customer_code" is missing`,
        `${Y}:3:3 RECORDS.KEY_MISSING [1]: the record has no key "customer_code"`,
      ],
    },
    {
      case: 'system and calculated fields, which the service fills in',
      text: yaml('  total: 3', '  Record_number: 4', '  Created_by: alice'),
      problems: [
        `${Y}:3:3 RECORDS.NOT_WRITABLE [0].total: "total" (CALC) is not written: the service calculates it`,
        `${Y}:4:3 RECORDS.NOT_WRITABLE [0].Record_number: "Record_number" (RECORD_NUMBER) is not written: the service numbers records`,
        `${Y}:5:3 RECORDS.NOT_WRITABLE [0].Created_by: "Created_by" (CREATOR) is not written: the service records who created the record`,
      ],
    },
    {
      case: "a table's column outside its rows, and a row's mistakes",
      text: yaml('  item: pen', '  lines:', '    - { qty: x }', '    - { item: ink, qtty: 1 }'),
      problems: [
        `${Y}:3:3 RECORDS.COLUMN_OUTSIDE [0].item: "item" is a column of the table "lines" (if it moved into the table in the manifest, the record file still holds it where it was)`,
        `${Y}:5:7 RECORDS.REQUIRED [0].lines[0]: the required field "item" is missing`,
        `${Y}:5:14 RECORDS.TYPE [0].lines[0].qty: NUMBER "qty" takes a number, not the text "x"`,
        `${Y}:6:20 RECORDS.UNKNOWN_FIELD [0].lines[1].qtty: no field "qtty" in the table "lines"`,
      ],
    },
    {
      case: "an attachment's path that names no file, at the path (one map, and an item of a list)",
      text: yaml(
        '  contract: { path: files/gone.pdf }',
        '- customer_code: C2',
        '  name: Bob',
        '  contract: [{ path: files/c.pdf }, { path: files/also-gone.pdf }]',
      ),
      problems: [
        `${Y}:3:21 RECORDS.ATTACHMENT [0].contract.path: no file files/gone.pdf (relative to the record file's folder)`,
        `${Y}:6:45 RECORDS.ATTACHMENT [1].contract[1].path: no file files/also-gone.pdf (relative to the record file's folder)`,
      ],
    },
    {
      case: 'a file that is not a list',
      text: 'customer_code: C1\n',
      problems: [`${Y}:1:1 RECORDS.NOT_A_LIST a record file is a list of records`],
    },
    {
      case: 'an item of the list that is not a record, at the item',
      text: [yaml().trimEnd(), '- 42', ''].join('\n'),
      problems: [`${Y}:3:3 RECORDS.NOT_A_RECORD [1]: a record is a map of field codes to values`],
    },
    // Found by test/reliability/user-mistakes.test.ts: both were a bug (yaml's toJS threw).
    {
      case: 'an alias that names no anchor, at the alias',
      text: yaml('  rank: *gold'),
      problems: [`${Y}:3:9 YAML.ALIAS_LOOP alias *gold names no anchor`],
    },
    {
      case: 'two aliases that name no anchor, each at its alias',
      text: yaml('  rank: *gold', '  tags: [*vip]'),
      problems: [
        `${Y}:3:9 YAML.ALIAS_LOOP alias *gold names no anchor`,
        `${Y}:4:10 YAML.ALIAS_LOOP alias *vip names no anchor`,
      ],
    },
    {
      case: 'aliases that expand past the limit, at the first alias',
      text: [
        '- customer_code: C1',
        '  a: &a [x, x, x, x, x, x, x, x, x, x]',
        '  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
        '  c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
        '',
      ].join('\n'),
      problems: [`${Y}:3:10 YAML.ALIAS_LIMIT anchors and aliases expand to more than 100 values`],
    },
  ])('$case', async ({ text, problems }) => {
    expect(await problemsOf({ customers: [Y, text] })).toEqual(problems);
  });
});

describe('validate: lookups across record files', () => {
  it.each([
    {
      case: "a key among the other app's records",
      orders: '- { order_no: 1, customer: C1 }\n',
      problems: [],
    },
    {
      case: "a key that is not, at the lookup's value",
      orders: '- { order_no: 1, customer: C1 }\n- { order_no: 2, customer: C9 }\n',
      problems: [
        'records/orders.yaml:2:28 RECORDS.LOOKUP [1].customer: no record of app "customers" has customer_code "C9"',
      ],
    },
    {
      case: 'a field the lookup copies, at its key',
      orders: '- { order_no: 1, customer: C1, customer_name: Alice }\n',
      problems: [
        'records/orders.yaml:1:32 RECORDS.NOT_WRITABLE [0].customer_name: "customer_name" (SINGLE_LINE_TEXT) is not written: the lookup "customer" copies it from the other app',
      ],
    },
  ])('$case', async ({ orders, problems }) => {
    expect(await problemsOf({ customers: [Y, yaml()], orders: ['records/orders.yaml', orders] })).toEqual(
      problems,
    );
  });
});

describe('validate: a record file in JSON', () => {
  const json = (extra: string) =>
    `[\n  { "customer_code": "C1", "name": "Alice" },\n  { "customer_code": "C2", "name": "Bob"${extra} }\n]\n`;
  it.each([
    {
      case: 'a valid file has no problems',
      text: json(', "amount": "1200.50", "tags": ["new"]'),
      problems: [],
    },
    {
      case: 'an unknown field code, at its key',
      text: json(', "nam": "x"'),
      problems: [`${J}:3:43 RECORDS.UNKNOWN_FIELD [1].nam: no field "nam" in app "customers"`],
    },
    {
      case: 'a value of the wrong type, at the value',
      text: json(', "tags": "vip"').replace('"vip"', '{ "a": 1 }'),
      problems: [`${J}:3:51 RECORDS.TYPE [1].tags: CHECK_BOX "tags" takes a list of option names, not a map`],
    },
    {
      case: 'a number with more digits than a JSON number keeps, at the value',
      text: json(', "amount": 12345678901234567890'),
      problems: [
        `${J}:3:53 RECORDS.TYPE [1].amount: NUMBER "amount": 12345678901234567890 has more digits than a YAML or JSON number keeps (it reads as 12345678901234567000)`,
      ],
    },
    {
      case: 'a key that repeats',
      text: json('').replace('"C2"', '"C1"'),
      problems: [
        `${J}:3:22 RECORDS.KEY_REPEATED [1].customer_code: the key "C1" is also the key of the record on line 2`,
      ],
    },
  ])('$case', async ({ text, problems }) => {
    expect(await problemsOf({ customers: [J, text] })).toEqual(problems);
  });
});

describe('validate: a record file in CSV', () => {
  it.each([
    {
      case: 'a valid file: lists one item per line in a quoted cell',
      text: 'customer_code,name,tags,owner\nC1,Alice,"vip\nnew",alice\nC2,"Bob, Jr.",,\n',
      problems: [],
    },
    // Before: three problems (an unknown field "customer_code;name", the key and a required
    // field missing), none saying the separator was the mistake.
    {
      case: 'cells separated by semicolons, as a spreadsheet in a decimal-comma language saves them: once, at the first',
      text: '\uFEFFcustomer_code;name\r\nC1;Alice\r\n',
      problems: [
        `${C}:1:14 RECORDS.CSV the header is one cell, "customer_code;name": the file's cells are separated by semicolons, not commas`,
      ],
    },
    {
      case: 'cells separated by tabs',
      text: 'customer_code\tname\nC1\tAlice\n',
      problems: [
        `${C}:1:14 RECORDS.CSV the header is one cell, "customer_code\\tname": the file's cells are separated by tabs, not commas`,
      ],
    },
    {
      case: 'an unknown column, once, at its header cell',
      text: 'customer_code,name,nmae\nC1,Alice,x\nC2,Bob,y\n',
      problems: [`${C}:1:20 RECORDS.UNKNOWN_FIELD nmae: no field "nmae" in app "customers"`],
    },
    {
      case: 'a value of the wrong type, at its cell (after a cell over two lines)',
      text: 'customer_code,name,tags,amount\nC1,Alice,"vip\nnew",12x\n',
      problems: [`${C}:3:6 RECORDS.TYPE [0].amount: NUMBER "amount" takes a number, not the text "12x"`],
    },
    {
      case: 'an option that does not exist, in a cell of several',
      text: 'customer_code,name,tags\nC1,Alice,"vip\nold"\n',
      problems: [`${C}:2:10 RECORDS.OPTION [0].tags: "old" is not an option of "tags"`],
    },
    {
      case: 'a required field left empty, a repeated key',
      text: 'customer_code,name\nC1,\nC1,Bob\n',
      problems: [
        `${C}:2:4 RECORDS.REQUIRED [0].name: the required field "name" is empty`,
        `${C}:3:1 RECORDS.KEY_REPEATED [1].customer_code: the key "C1" is also the key of the record on line 2`,
      ],
    },
    {
      case: 'the key and a required field missing from the header: once each, at the header, not once a row',
      text: 'customer_cod,nmae\nC1,Alice\nC2,Bob\nC3,Carol\n',
      problems: [
        `${C}:1:1 RECORDS.UNKNOWN_FIELD customer_cod: no field "customer_cod" in app "customers"`,
        `${C}:1:1 RECORDS.REQUIRED the header has no column "customer_code", a required field: every record lacks it`,
        `${C}:1:1 RECORDS.REQUIRED the header has no column "name", a required field: every record lacks it`,
        `${C}:1:1 RECORDS.KEY_MISSING the header has no column "customer_code", the key: no record has one`,
        `${C}:1:14 RECORDS.UNKNOWN_FIELD nmae: no field "nmae" in app "customers"`,
      ],
    },
    {
      case: 'a table, which a cell cannot hold',
      text: 'customer_code,name,lines\nC1,Alice,pen\n',
      problems: [`${C}:1:20 RECORDS.TABLE_IN_CSV lines: the table "lines" cannot be written in a CSV cell`],
    },
    {
      case: 'a column named twice, a row with a cell beyond the header',
      text: 'customer_code,name,name\nC1,Alice,Al\nC2,Bob,B,x\n',
      problems: [
        `${C}:1:20 RECORDS.CSV the header names the column "name" twice`,
        `${C}:3:10 RECORDS.CSV [1]: 4 cells, but the header names 3 columns`,
      ],
    },
    {
      case: "an attachment's path that names no file, at its cell",
      text: 'customer_code,name,contract\nC1,Alice,"files/c.pdf\nfiles/gone.pdf"\n',
      problems: [
        `${C}:2:10 RECORDS.ATTACHMENT [0].contract: no file files/gone.pdf (relative to the record file's folder)`,
      ],
    },
    {
      case: 'a quote left open, at the quote (not at the end of the file, where the parser stopped)',
      text: 'customer_code,name\nC1,"Alice\nC2,Bob\nC3,Carol\n',
      problems: [
        `${C}:2:4 RECORDS.CSV a quoted cell opened here is never closed: the file to its end (line 4) was read into it`,
      ],
    },
    {
      case: 'a quote inside a cell that does not start with one, at the quote',
      text: 'customer_code,name\nC1,Al"ice\n',
      problems: [`${C}:2:6 RECORDS.CSV a quote inside a cell that does not start with one`],
    },
    {
      case: "text after a quoted cell's closing quote, at the text",
      text: 'customer_code,name\nC1,"Al"ice\n',
      problems: [`${C}:2:8 RECORDS.CSV text after a quoted cell's closing quote, before the next comma`],
    },
  ])('$case', async ({ text, problems }) => {
    expect(await problemsOf({ customers: [C, text] })).toEqual(problems);
  });
});

describe('validate: records in appdeploy.yaml', () => {
  it('refuses a key that is not a unique field, and a file that does not exist', async () => {
    const dir = await tempProject('appdeploy-records-', {
      'appdeploy.yaml': [
        'apps:',
        '  customers:',
        '    manifest: apps/customers.yaml',
        '    records: { file: records/customers.yaml, key: name }',
        '  orders:',
        '    manifest: apps/orders.yaml',
        '    records: { file: records/none.yaml, key: order_no }',
        '',
      ].join('\n'),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
      'apps/orders.yaml': ORDERS_MANIFEST,
      'records/customers.yaml': yaml(),
    });
    dirs.push(dir);
    const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`)).toEqual([
      'appdeploy.yaml:4:51 RECORDS.KEY_FIELD apps.customers.records.key: "name" is not a field with `unique: true`: records are matched by their key, which must not repeat',
      'appdeploy.yaml:7:22 RECORDS.FILE records.file: no such file records/none.yaml',
    ]);
    expect(result.problems[0]?.hint).toBe('Use one of customer_code, or give "name" unique: true.');
  });
});

/** validate of a project whose customers' record file `file` holds `bytes`. */
async function validateBytes(file: string, bytes: Buffer) {
  const dir = await tempProject('appdeploy-records-', {
    'appdeploy.yaml': projectFile(file, 'records/orders.yaml'),
    'apps/customers.yaml': CUSTOMERS_MANIFEST,
    'apps/orders.yaml': ORDERS_MANIFEST,
    'records/orders.yaml': '[]\n',
  });
  dirs.push(dir);
  await writeFile(join(dir, file), bytes);
  return validateProject({ cwd: dir, dir, env: 'local', variables: {} });
}

describe('validate: a record file that is not UTF-8 text', () => {
  // A spreadsheet saves CSV in the machine's code page unless told otherwise (Shift_JIS, Latin-1):
  // read as UTF-8 its accented letters became replacement characters, which validate then passed.
  it.each([
    {
      case: 'a CSV saved as Latin-1',
      file: C,
      bytes: Buffer.from('customer_code,name\nC1,Jos\xe9\n', 'latin1'),
    },
    {
      case: 'a YAML file holding a NUL byte',
      file: Y,
      bytes: Buffer.from('- customer_code: C1\n  name: A\u0000\n'),
    },
  ])(
    '$case: RECORDS.FILE where appdeploy.yaml names it, saying to save it as UTF-8',
    async ({ file, bytes }) => {
      const result = await validateBytes(file, bytes);
      expect(result.problems.map((p) => `${p.code} ${p.message}`)).toEqual([
        `RECORDS.FILE records.file: ${file} is not a UTF-8 text file`,
      ]);
      expect(result.problems[0]?.hint).toMatch(/^Save the record file as UTF-8/);
    },
  );
});

describe('validate: a record file in an encoding a spreadsheet or kintone saves', () => {
  // Excel saves "CSV" in the machine's code page (Shift_JIS, code page 932, on a Japanese
  // Windows), kintone's own CSV export offers Shift_JIS, and Excel's "Unicode text" is UTF-16LE.
  // Read as UTF-8 each is mojibake; the refusal names what it looks like, so the user knows what
  // to change, and where to change it.
  const sjis = (text: string): Buffer => {
    // 契約 (8C5F 96F1), 顧客 (8CDA 8B71), 東京 (93 8C 8B 9E) in Shift_JIS, ASCII as itself.
    const table: Record<string, number[]> = {
      契: [0x8c, 0x5f],
      約: [0x96, 0xf1],
      顧: [0x8c, 0xda],
      客: [0x8b, 0x71],
      東: [0x93, 0x8c],
      京: [0x8b, 0x9e],
    };
    return Buffer.from([...text].flatMap((c) => table[c] ?? [...Buffer.from(c)]));
  };
  const csv = 'customer_code,name\r\nC1,顧客 東京\r\nC2,契約\r\n';
  it.each([
    { case: 'Shift_JIS (Excel on a Japanese Windows, kintone export)', bytes: sjis(csv), looks: 'Shift_JIS' },
    {
      case: 'UTF-16LE with its BOM (Excel "Unicode text")',
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]),
      looks: 'UTF-16LE',
    },
    { case: 'UTF-16LE without a BOM', bytes: Buffer.from(csv, 'utf16le'), looks: 'UTF-16LE' },
    {
      case: 'UTF-16BE with its BOM',
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv, 'utf16le').swap16()]),
      looks: 'UTF-16BE',
    },
  ])(
    '$case: RECORDS.FILE naming the file, the encoding it looks like, and to save it as UTF-8',
    async ({ bytes, looks }) => {
      const result = await validateBytes(C, bytes);
      expect(result.problems.map((p) => `${p.code} ${p.message}`)).toEqual([
        `RECORDS.FILE records.file: ${C} is not a UTF-8 text file: it looks like ${looks}`,
      ]);
      expect(result.problems[0]?.hint).toMatch(/^Save the record file as UTF-8/);
      expect(result.problems[0]?.hint).toContain('CSV UTF-8');
    },
  );
});

/**
 * The codes validate reports for record files, each pinned by a case above with its location
 * (test/project/broken-corpus.test.ts names this file for them: record files are not manifests).
 */
const PINNED_HERE = [
  'RECORDS.ATTACHMENT',
  'RECORDS.COLUMN_OUTSIDE',
  'RECORDS.CSV',
  'RECORDS.FILE',
  'RECORDS.KEY_FIELD',
  'RECORDS.KEY_MISSING',
  'RECORDS.KEY_REPEATED',
  'RECORDS.LOOKUP',
  'RECORDS.NOT_A_LIST',
  'RECORDS.NOT_A_RECORD',
  'RECORDS.NOT_WRITABLE',
  'RECORDS.OPTION',
  'RECORDS.REQUIRED',
  'RECORDS.TABLE_IN_CSV',
  'RECORDS.TYPE',
  'RECORDS.UNKNOWN_FIELD',
];

it('pins every record-file code with a case and its location', async () => {
  const text = await readFile(new URL(import.meta.url), 'utf8');
  for (const code of PINNED_HERE)
    expect(text, code).toMatch(new RegExp(`:\\d+:\\d+ ${code.replace('.', '\\.')} `));
});

describe('validate: an attachment whose name is in another Unicode form on disk than in the file', () => {
  // macOS writes file names decomposed (NFD: か + U+3099) where an editor writes the YAML composed
  // (NFC: が); copied to Linux (CI) by an archive or rsync, the bytes differ and a lookup by the
  // written name finds nothing. Both forms name the same file to the person who wrote them.
  it.each([
    {
      case: 'NFD on disk, NFC in the file',
      disk: '契約が.pdf'.normalize('NFD'),
      written: '契約が.pdf'.normalize('NFC'),
    },
    {
      case: 'NFC on disk, NFD in the file',
      disk: 'ガイド.pdf'.normalize('NFC'),
      written: 'ガイド.pdf'.normalize('NFD'),
    },
    {
      case: 'a folder in NFD',
      disk: 'がいど/a.pdf'.normalize('NFD'),
      written: 'がいど/a.pdf'.normalize('NFC'),
    },
  ])('$case: no problem', async ({ disk, written }) => {
    const dir = await tempProject('appdeploy-records-', {
      'appdeploy.yaml': projectFile(Y, 'records/orders.yaml'),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
      'apps/orders.yaml': ORDERS_MANIFEST,
      'records/orders.yaml': '[]\n',
      [`records/files/${disk}`]: '%PDF-1.4\n',
      [Y]: `- customer_code: C1\n  name: Alice\n  contract: { path: files/${written} }\n`,
    });
    dirs.push(dir);
    const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
    expect(result.problems.map((p) => `${p.code} ${p.message}`)).toEqual([]);
  });
});
