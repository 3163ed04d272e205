/**
 * The cases of the record-values oracle: for every field type a record file may hold a value for
 * (record-values/world.ts), values drawn from a seed: good ones, near-misses, and what people
 * write in YAML that YAML reads otherwise. Each case says what the person meant, from the docs
 * and the platform's evidence (never from the code under test):
 *
 * - `takes`: the platform takes it and holds the value meant; validate accepts, seed writes it,
 *   and a read gives back `takes` (field code -> the value as normalise() shows a read);
 * - `refused`: the platform refuses it, or holds something else than was meant (`changes`);
 *   validate refuses it at the value's line with the given code. `api` is the value as the record
 *   API would be sent it, which the local service must then refuse, or hold changed (`changes`);
 * - `seedRefuses`: validate is offline and cannot know it (a person the directory lacks): seed
 *   refuses it before writing anything, at the value's line.
 */
import type { Draw } from '../apply-sequences/pick.js';

export type Meant =
  | { takes: Record<string, unknown> }
  | {
      refused: string;
      platform: 'refuses' | 'changes';
      api?: { field: string; value: unknown };
      evidence: string;
    }
  | { seedRefuses: string };

export interface ValueCase {
  name: string;
  /** The record's lines after its key and title (each indented by two spaces). */
  lines: string[];
  /** Which of `lines` the problem is on (validate's file:line). */
  at?: number;
  /** Records written before this one in the same file (a duplicate of a unique value). */
  before?: string[][];
  /** `title` left out, for the cases that write it themselves. */
  ownTitle?: boolean;
  meant: Meant;
}

const takes = (values: Record<string, unknown>): Meant => ({ takes: values });

// Evidence, cited once.
const LENGTHS =
  'platform-facts-verified "Required, unique, lengths" (minLength checked on "" too); emulator checkLength counts code points';
const RANGE = 'platform-facts-verified "Locale": `The value must be N or less.` / `N or more.`';
const OPTION =
  'platform-facts-verified "Record validation": an option outside the field\'s options is refused';
const NOT_A_NUMBER = 'platform-facts-verified "Numbers": "abc", "12abc", "1,000" are refused';
const PRECISION =
  'get.kintone.help 040528 / significant_figures: the integer part holds digits - decimalPlaces (16 - 4 by default), decimals past decimalPlaces are rounded';
const CALENDAR =
  'cybozu.dev "Field Types": DATE is YYYY-MM-DD, DATETIME an ISO 8601 date and time; a day the month lacks is no date (the emulator refuses 2026-02-30 for DATE)';
const SECONDS = 'docs/records.md: the platform keeps no seconds (a value with them would be stored changed)';
const REQUIRED = 'platform-facts-verified "Locale": required `Required.`';
const UNIQUE = 'platform-facts-verified "Locale": unique `This value already exists in another record.`';
const LOOKUP = 'platform-facts-verified "Lookups": no match is 400 GAIA_LO04';

/** A text of `n` characters (code points), some outside the BMP, to count as the platform counts. */
function text(d: Draw, n: number): string {
  const alphabet = ['a', 'b', 'Z', '7', 'é', '日', '本', '😀', '𠀋', '-'];
  let s = '';
  for (let i = 0; i < n; i++) s += d.pick(alphabet)!;
  return s;
}

const int = (d: Draw, lo: number, hi: number) => lo + Math.floor(d.rnd() * (hi - lo + 1));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const q = (s: string) => JSON.stringify(s);

export function drawCases(d: Draw): ValueCase[] {
  const cases: ValueCase[] = [];
  const add = (name: string, lines: string[], meant: Meant, extra: Partial<ValueCase> = {}) =>
    cases.push({ name, lines, meant, ...extra });

  // SINGLE_LINE_TEXT, required, 2 to 10 characters, and a unique one.
  const good = text(d, int(d, 2, 10));
  add('text within its lengths', [`title: ${q(good)}`], takes({ title: good }), { ownTitle: true });
  const long = text(d, int(d, 11, 14));
  add(
    'text over maxLength',
    [`title: ${q(long)}`],
    {
      refused: 'RECORDS.LIMIT',
      platform: 'refuses',
      api: { field: 'title', value: long },
      evidence: LENGTHS,
    },
    { ownTitle: true },
  );
  const short = text(d, 1);
  add(
    'text under minLength',
    [`title: ${q(short)}`],
    {
      refused: 'RECORDS.LIMIT',
      platform: 'refuses',
      api: { field: 'title', value: short },
      evidence: LENGTHS,
    },
    { ownTitle: true },
  );
  add(
    'required text empty',
    [`title: ''`],
    { refused: 'RECORDS.REQUIRED', platform: 'refuses', evidence: REQUIRED },
    {
      ownTitle: true,
    },
  );
  const n = int(d, 10, 999);
  add('a plain number for a text field is its text', [`title: ${n}`], takes({ title: String(n) }), {
    ownTitle: true,
  });
  const yamlNumbers = d.pick(['007', '0x1F', '1e3', '1.50', '0o17'])!;
  add(
    `YAML reads ${yamlNumbers} as another number`,
    [`title: ${yamlNumbers}`],
    {
      refused: 'RECORDS.TYPE',
      platform: 'changes',
      evidence: 'YAML 1.2 core schema reads it as a number whose text differs from what was written',
    },
    { ownTitle: true },
  );
  add('YAML 1.2 reads on as text', [`title: on`], takes({ title: 'on' }), { ownTitle: true });
  add(
    'a boolean for a text field',
    [`title: ${d.pick(['true', 'false'])}`],
    {
      refused: 'RECORDS.TYPE',
      platform: 'changes',
      evidence: 'YAML reads true/false as a boolean, not the text',
    },
    { ownTitle: true },
  );
  const ref = `R-${int(d, 100, 999)}`;
  add(
    'a unique value two records share',
    [`ref: ${ref}`],
    {
      refused: 'RECORDS.UNIQUE',
      platform: 'refuses',
      evidence: UNIQUE,
    },
    { before: [[`ref: ${ref}`]] },
  );

  // Random letters: one service holds every seed's records, and a unique value must not repeat.
  const longRef = Array.from({ length: int(d, 65, 70) }, () =>
    d.pick([...'abcdefghijklmnopqrstuvwxyz'])!,
  ).join('');
  add('a unique text longer than 64 characters', [`ref: ${longRef}`], {
    refused: 'RECORDS.LIMIT',
    platform: 'refuses',
    api: { field: 'ref', value: longRef },
    evidence: 'get.kintone.help 040528: a field that prohibits duplicate values holds at most 64 characters',
  });

  // MULTI_LINE_TEXT, RICH_TEXT, LINK.
  const lines2 = [text(d, int(d, 1, 6)).replace(/-/g, 'x'), text(d, int(d, 1, 6)).replace(/-/g, 'x')];
  add(
    'multi-line text as a block',
    ['notes: |', `    ${lines2[0]}`, `    ${lines2[1]}`],
    takes({ notes: `${lines2.join('\n')}\n` }),
  );
  add('rich text', [`body: "<b>${n}</b> <i>x</i>"`], takes({ body: `<b>${n}</b> <i>x</i>` }));
  const url = `https://example.com/${text(d, int(d, 1, 8)).replace(/[^a-z0-9]/gi, 'p')}`;
  add('a link', [`site: ${url}`], takes({ site: url }));
  const longUrl = `https://example.com/${'p'.repeat(int(d, 21, 30))}`;
  add('a link over maxLength', [`site: ${longUrl}`], {
    refused: 'RECORDS.LIMIT',
    platform: 'refuses',
    api: { field: 'site', value: longUrl },
    evidence: LENGTHS,
  });
  const phone = `0${int(d, 10, 99)}-${int(d, 1000, 9999)}-${int(d, 1000, 9999)}`;
  add('a phone number link (CALL)', [`phone: ${q(phone)}`], takes({ phone }));
  add('a mail link (MAIL)', [`mail: user${n}@example.com`], takes({ mail: `user${n}@example.com` }));

  // NUMBER: -100 to 1000, display scale 2, a unit; big: no limits (app precision 16/4).
  const cents = int(d, -10000, 100000);
  const amount = String(cents / 100);
  add('a number in range', [`amount: ${amount}`], takes({ amount }));
  const spelled = `${int(d, 1, 99)}.50`;
  // platform-facts-verified "Numbers": other spellings are kept as given ("12.50").
  add('a quoted number keeps its spelling', [`amount: "${spelled}"`], takes({ amount: spelled }));
  const over = d.pick(['1000.5', '1001', '5000', '-100.01', '-101'])!;
  add(`a number out of range (${over})`, [`amount: ${over}`], {
    refused: 'RECORDS.LIMIT',
    platform: 'refuses',
    api: { field: 'amount', value: over },
    evidence: RANGE,
  });
  const notNumber = d.pick(['"1,000"', '"100 JPY"', '"¥100"', '"１２"', 'twelve'])!;
  add(`not a number (${notNumber})`, [`amount: ${notNumber}`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: {
      field: 'amount',
      value: JSON.parse(notNumber.startsWith('"') ? notNumber : q(notNumber)) as string,
    },
    evidence: NOT_A_NUMBER,
  });
  add('YAML reads 1e2 as a number', ['amount: 1e2'], takes({ amount: '100' }));
  const exponent = d.pick([
    ['"1e2"', '100'],
    ['"1.5E1"', '15'],
    ['"25e-1"', '2.5'],
  ] as const)!;
  add(`an exponent quoted (${exponent[0]})`, [`amount: ${exponent[0]}`], takes({ amount: exponent[1] }), {
    // cybozu.dev "Field Types" (数値フィールド): exponents may be used; platform-facts-verified
    // "Numbers": "1.5e1" is stored as "15".
  });
  add('YAML reads 0x10 as sixteen', ['amount: 0x10'], takes({ amount: '16' }));
  add('YAML reads 007 as seven', ['big: 007'], takes({ big: '7' }));
  const places = int(d, 5, 7);
  const fine = `${int(d, 1, 9)}.${Array.from({ length: places }, () => int(d, 1, 9)).join('')}`;
  add(`more decimals than the app keeps (${fine})`, [`big: "${fine}"`], {
    refused: 'RECORDS.LIMIT',
    platform: 'changes',
    api: { field: 'big', value: fine },
    evidence: PRECISION,
  });
  const twelve = String(int(d, 100000000000, 999999999999));
  add('twelve integer digits', [`big: "${twelve}"`], takes({ big: twelve }));
  const thirteen = `${twelve}${int(d, 0, 9)}`;
  add('thirteen integer digits', [`big: "${thirteen}"`], {
    refused: 'RECORDS.LIMIT',
    platform: 'refuses',
    api: { field: 'big', value: thirteen },
    evidence: PRECISION,
  });
  add('a calculated field', [`total: ${n}`], {
    refused: 'RECORDS.NOT_WRITABLE',
    platform: 'refuses',
    evidence: 'docs/records.md: CALC is not written',
  });

  // DATE, TIME, DATETIME.
  const year = int(d, 2000, 2030);
  const month = int(d, 1, 12);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = `${year}-${pad(month)}-${pad(int(d, 1, days))}`;
  add('a date', [`day: ${date}`], takes({ day: date }));
  add('a leap day', [`day: 2024-02-29`], takes({ day: '2024-02-29' }));
  const badDate = d.pick([
    `${year}-02-30`,
    `${year}-04-31`,
    `2025-02-29`,
    `${year}-13-01`,
    `${year}-${pad(month)}-00`,
  ])!;
  add(`a day the month lacks (${badDate})`, [`day: ${badDate}`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: { field: 'day', value: badDate },
    evidence: CALENDAR,
  });
  add('a date with slashes', [`day: ${year}/${pad(month)}/01`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: { field: 'day', value: `${year}/${pad(month)}/01` },
    evidence: CALENDAR,
  });
  const time = `${pad(int(d, 0, 23))}:${pad(int(d, 0, 59))}`;
  add('a time (YAML 1.2 reads HH:MM as text)', [`at: ${time}`], takes({ at: time }));
  add('24:00', [`at: "24:00"`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: { field: 'at', value: '24:00' },
    evidence: 'cybozu.dev "Field Types": TIME is HH:MM, 24 hours (00:00 to 23:59)',
  });
  add('a time with seconds', [`at: "${time}:${pad(int(d, 1, 59))}"`], {
    refused: 'RECORDS.TYPE',
    platform: 'changes',
    evidence: SECONDS,
  });
  const hour = int(d, 0, 23);
  const minute = int(d, 0, 59);
  const instant = `${date}T${pad(hour)}:${pad(minute)}:00Z`;
  add('a date-time in UTC', [`when: ${instant}`], takes({ when: instant }));
  const offset = int(d, -9, 9);
  const local = `${date}T${pad(hour)}:${pad(minute)}:00${offset < 0 ? '-' : '+'}${pad(Math.abs(offset))}:00`;
  add(
    'a date-time with an offset',
    [`when: "${local}"`],
    takes({ when: new Date(local).toISOString().replace('.000Z', 'Z') }),
  );
  add('a date-time without a zone', [`when: "${date}T${pad(hour)}:${pad(minute)}:00"`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: { field: 'when', value: `${date}T${pad(hour)}:${pad(minute)}:00` },
    evidence: 'cybozu.dev "Field Types": DATETIME is written with its zone (Z or an offset)',
  });
  add('a date-time with seconds', [`when: "${date}T${pad(hour)}:${pad(minute)}:${pad(int(d, 1, 59))}Z"`], {
    refused: 'RECORDS.TYPE',
    platform: 'changes',
    evidence: SECONDS,
  });
  const badInstant = d.pick([
    `${year}-02-30T10:00:00Z`,
    `${year}-04-31T08:15:00Z`,
    `${date}T24:00:00Z`,
    `2025-02-29T00:00:00Z`,
  ])!;
  add(`a date-time on a day that does not exist (${badInstant})`, [`when: "${badInstant}"`], {
    refused: 'RECORDS.TYPE',
    platform: 'refuses',
    api: { field: 'when', value: badInstant },
    evidence: CALENDAR,
  });
  // A date alone is its midnight in the environment's time zone (Asia/Tokyo): docs/records.md.
  const midnight = new Date(Date.parse(`${date}T00:00:00+09:00`)).toISOString().replace('.000Z', 'Z');
  add('a date for a date-time', [`when: ${date}`], takes({ when: midnight }));

  // Options: exact names; case, width and YAML's reading of them.
  const size = d.pick(['Small', 'Large'])!;
  add('a drop-down option', [`size: ${size}`], takes({ size }));
  const nearSize = d.pick([
    size.toLowerCase(),
    size.toUpperCase(),
    size.replace(/./g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    ` ${size}`,
  ])!;
  add(`a drop-down option near-miss (${q(nearSize)})`, [`size: ${q(nearSize)}`], {
    refused: 'RECORDS.OPTION',
    platform: 'refuses',
    api: { field: 'size', value: nearSize },
    evidence: OPTION,
  });
  add('YAML 1.2 reads on as an option name', ['size: on'], takes({ size: 'on' }));
  add('a radio button option', ['level: high'], takes({ level: 'high' }));
  add('a radio button option in capitals', ['level: HIGH'], {
    refused: 'RECORDS.OPTION',
    platform: 'refuses',
    api: { field: 'level', value: 'HIGH' },
    evidence: OPTION,
  });
  add('check boxes', ['tags: [vip, "007"]'], takes({ tags: ['007', 'vip'] }));
  add('a check box YAML reads as a number (007)', ['tags: [vip, 007]'], {
    refused: 'RECORDS.TYPE',
    platform: 'changes',
    evidence: 'YAML reads 007 as the number 7',
  });
  add('a check box in full-width kana', ['tags: [カナ]'], {
    refused: 'RECORDS.OPTION',
    platform: 'refuses',
    api: { field: 'tags', value: ['カナ'] },
    evidence: OPTION,
  });
  add(
    'multi-select names YAML keeps as text',
    ['topics: ["1e3", 12:30, yes]'],
    takes({ topics: ['12:30', '1e3', 'yes'] }),
  );
  add('a multi-select YAML reads as a number (1e3)', ['topics: [1e3]'], {
    refused: 'RECORDS.TYPE',
    platform: 'changes',
    evidence: 'YAML reads 1e3 as the number 1000',
  });

  // People, through the environment's maps.
  const who = d.pick(['alice', 'bob'])!;
  add('a user through the map', [`owner: ${who}`], takes({ owner: [`${who}.a@corp.example`] }));
  add(
    'a group and an organization',
    ['team: devs', 'dept: [sales, hq]'],
    takes({ team: ['devs-a'], dept: ['hq-a', 'sales-a'] }),
  );
  add('a user the directory lacks', ['owner: carol'], { seedRefuses: 'SEED.UNKNOWN_ENTITY' });

  // Files, lookups, tables.
  add('a file', ['docs: { path: files/a.txt }'], takes({ docs: ['a.txt'] }));
  add('a file that is not there', ['docs: { path: files/none.txt }'], {
    refused: 'RECORDS.ATTACHMENT',
    platform: 'refuses',
    evidence: 'docs/records.md: seed uploads the file from its path',
  });
  add('a lookup key', ['kind: K1'], takes({ kind: 'K1', kind_name: 'First' }));
  add('a lookup key quoted', ['kind: "007"'], takes({ kind: '007', kind_name: 'Bond' }));
  add('a lookup key YAML reads as a number', ['kind: 007'], {
    refused: 'RECORDS.TYPE',
    platform: 'changes',
    evidence: 'YAML reads 007 as the number 7',
  });
  add('a lookup key the other app lacks', [`kind: K${int(d, 2, 9)}`], {
    refused: 'RECORDS.LOOKUP',
    platform: 'refuses',
    api: { field: 'kind', value: 'K9' },
    evidence: LOOKUP,
  });
  add('a field the lookup copies', ['kind_name: Mine'], {
    refused: 'RECORDS.NOT_WRITABLE',
    platform: 'changes',
    evidence: 'platform-facts-verified "Lookups": values sent for them are ignored',
  });
  const item = text(d, int(d, 1, 8)).replace(/-/g, 'x');
  const qty = int(d, 0, 500);
  add(
    'a table row',
    ['lines:', `    - { item: ${q(item)}, qty: ${qty}, due: ${date} }`],
    takes({ lines: [{ due: date, item, qty: String(qty) }] }),
    { at: 1 },
  );
  add(
    'a table cell over maxLength',
    ['lines:', `    - { item: ${q(text(d, 9))} }`],
    { refused: 'RECORDS.LIMIT', platform: 'refuses', evidence: LENGTHS },
    { at: 1 },
  );
  add(
    'a table cell under minValue',
    ['lines:', `    - { item: pen, qty: -${int(d, 1, 9)} }`],
    { refused: 'RECORDS.LIMIT', platform: 'refuses', evidence: RANGE },
    { at: 1 },
  );
  add(
    'a table cell not a number',
    ['lines:', '    - { item: pen, qty: "1,5" }'],
    {
      refused: 'RECORDS.TYPE',
      platform: 'changes',
      evidence:
        'platform-facts-verified "Numbers": inside a table a number that does not parse is stored as ""',
    },
    { at: 1 },
  );
  add(
    'a table row without its required cell',
    ['lines:', `    - { qty: ${qty} }`],
    { refused: 'RECORDS.REQUIRED', platform: 'refuses', evidence: REQUIRED },
    { at: 1 },
  );
  return cases;
}
