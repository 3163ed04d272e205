/**
 * An oracle for field migrations, written from the documentation alone (not from
 * src/platform/conversions/): what a value of one field type becomes in another, or LOST where it
 * does not convert. One function per documented rule, each naming its source:
 *
 * - [table]   docs/migrations.md, "Conversions": the table's rows and "What holds for every row".
 * - [numbers] cybozu.dev "フィールド形式" (field types), 数値フィールド: digits, a `+` or `-`
 *             sign, a `.` point, an exponent with `e` or `E`, half-width only, or the empty string;
 *             platform-facts-verified "Numbers" (`"1.5e1"` -> `"15"`, `" 42 "` -> `"42"`).
 * - [limits]  get.kintone.help "Field Entry Limits" (040528): dates 1000-01-01 to 9999-12-31,
 *             date-times 1000-01-01T00:00Z to 9999-12-31T23:59Z; 64 characters in a unique text;
 *             a number's integer digits are the app's digits minus its decimal places (16 - 4).
 * - [records] platform-facts "Records": DATE `YYYY-MM-DD`, TIME `HH:MM`, DATETIME in UTC
 *             `YYYY-MM-DDTHH:MM:SSZ`; the empty values (`null` for DROP_DOWN, DATE, TIME).
 * - [verified] platform-facts-verified "Record validation" and "Required, unique, lengths".
 *
 * Where the documentation is silent the generator does not go (it asks `oracle` and draws again
 * on UNSETTLED): a wall time in a time zone's gap or overlap, a result between two UTC minutes
 * (a zone's local mean time before standard time).
 */

export const LOST = Symbol('lost');
export const UNSETTLED = Symbol('unsettled');

/** The new field's settings a rule reads, and the migration's options. */
export interface OracleContext {
  readonly to: {
    readonly maxLength?: string;
    readonly minLength?: string;
    readonly unique?: boolean;
    readonly minValue?: string;
    readonly maxValue?: string;
    readonly options?: Record<string, unknown>;
  };
  readonly join?: string;
  readonly timeZone: string;
  /** The target environment's directory, by kind. */
  readonly directory: { USER: string[]; ORGANIZATION: string[]; GROUP: string[] };
}

/** A value of the new field, or LOST, or UNSETTLED. */
export type Outcome = unknown;
const bad = (o: Outcome): o is typeof LOST | typeof UNSETTLED => o === LOST || o === UNSETTLED;

const TEXTS = ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'];
const SEVERAL = ['CHECK_BOX', 'MULTI_SELECT'];
const ENTITY_KIND: Record<string, 'USER' | 'ORGANIZATION' | 'GROUP'> = {
  USER_SELECT: 'USER',
  ORGANIZATION_SELECT: 'ORGANIZATION',
  GROUP_SELECT: 'GROUP',
};

/** [table] "Empty stays empty": the new field's empty value; a radio button has none. */
export function emptyValue(to: string, ctx: OracleContext): Outcome {
  if (to === 'RADIO_BUTTON') return LOST;
  if (ctx.to.minLength !== undefined && Number(ctx.to.minLength) > 0) return LOST;
  if (['DROP_DOWN', 'DATE', 'TIME'].includes(to)) return null;
  if (SEVERAL.includes(to) || to in ENTITY_KIND) return [];
  return '';
}

const isEmpty = (v: unknown) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * [table] rich text read as text: "holding no markup but line breaks (`<br>`) and character
 * references (`&amp;`)", and "Rich text read as text": `<br>` in its spellings is a line break;
 * `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references their characters;
 * any other tag or named reference, or a `<` or `&` that starts neither, is markup.
 */
export function richAsText(html: string): Outcome {
  const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  let out = '';
  const token = /<br\s*\/?>|&#(\d+);|&#x([0-9a-f]+);|&([a-z]+);|[<&]|[^<&]+/giy;
  for (const m of html.matchAll(token)) {
    const t = m[0];
    if (/^<br/i.test(t)) out += '\n';
    else if (m[1] !== undefined) out += String.fromCodePoint(Number(m[1]));
    else if (m[2] !== undefined) out += String.fromCodePoint(parseInt(m[2], 16));
    else if (m[3] !== undefined) {
      if (!(m[3].toLowerCase() in NAMED)) return LOST;
      out += NAMED[m[3].toLowerCase()];
    } else if (t === '<' || t === '&') return LOST;
    else out += t;
  }
  return out;
}

/** [table] "written as rich text showing the same characters (`&`, `<`, `>` escaped, line breaks as `<br />`)". */
export function textAsRich(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br />');
}

/**
 * [table] one-line targets: "a line break, or a length outside the new field's minLength and
 * maxLength (64 if unique), does not convert". Characters counted as code points (a surrogate
 * pair is one character, as a person counts it).
 */
export function fitsText(to: string, text: string, ctx: OracleContext): Outcome {
  if ((to === 'SINGLE_LINE_TEXT' || to === 'LINK') && /[\r\n]/.test(text)) return LOST;
  const length = [...text].length;
  const max = Math.min(
    ctx.to.maxLength !== undefined ? Number(ctx.to.maxLength) : Infinity,
    ctx.to.unique ? 64 : Infinity,
  );
  if (length > max) return LOST;
  if (ctx.to.minLength !== undefined && length < Number(ctx.to.minLength)) return LOST;
  return text;
}

/** A decimal as sign, integer digits and fraction digits, both without needless zeros. */
function decimal(text: string): { neg: boolean; int: string; frac: string } | undefined {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const digits = m[2]! + (m[3] ?? '');
  const point = m[2]!.length + Number(m[4] ?? '0');
  const all = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const int = all.slice(0, at).replace(/^0+/, '');
  const frac = all.slice(at).replace(/0+$/, '');
  return { neg: m[1] === '-' && int + frac !== '', int, frac };
}

function compare(a: NonNullable<ReturnType<typeof decimal>>, b: NonNullable<ReturnType<typeof decimal>>) {
  const sa = (a.neg ? -1 : 1) * (a.int === '' && a.frac === '' ? 0 : 1);
  const sb = (b.neg ? -1 : 1) * (b.int === '' && b.frac === '' ? 0 : 1);
  if (sa !== sb) return Math.sign(sa - sb);
  const w = Math.max(a.frac.length, b.frac.length);
  const x = a.int.padStart(40, '0') + a.frac.padEnd(w, '0');
  const y = b.int.padStart(40, '0') + b.frac.padEnd(w, '0');
  return x === y ? 0 : sa * (x < y ? -1 : 1);
}

/**
 * [numbers] [limits] [table] "Numbers": spaces around trimmed; at most 12 digits before the point
 * and 4 after it (a new app); within minValue and maxValue; "written as given unless they have an
 * exponent or a `+`" (then in plain notation: [numbers] `"1.5e1"` -> `"15"`).
 */
export function textAsNumber(text: string, ctx: OracleContext): Outcome {
  const t = text.replace(/^ +| +$/g, '');
  if (t === '') return '';
  const d = decimal(t);
  if (!d || d.int.length > 12 || d.frac.length > 4) return LOST;
  if (ctx.to.minValue !== undefined && compare(d, decimal(ctx.to.minValue)!) < 0) return LOST;
  if (ctx.to.maxValue !== undefined && compare(d, decimal(ctx.to.maxValue)!) > 0) return LOST;
  if (!/[eE+]/.test(t)) return t;
  return `${d.neg ? '-' : ''}${d.int || '0'}${d.frac ? '.' + d.frac : ''}`;
}

const optionNames = (ctx: OracleContext) => Object.keys(ctx.to.options ?? {});

/** [table] "only the name of one of the new field's options converts" (exactly: [verified] options by name). */
export function textAsOne(text: string, ctx: OracleContext): Outcome {
  return optionNames(ctx).includes(text) ? text : LOST;
}

/** [table] "the whole text when it names an option, otherwise its parts between `migrate.join` (`, ` by default), each an option". */
export function textAsSeveral(text: string, ctx: OracleContext): Outcome {
  if (optionNames(ctx).includes(text)) return [text];
  const parts = text.split(ctx.join ?? ', ');
  if (!parts.every((p) => optionNames(ctx).includes(p))) return LOST;
  // A name twice ("p | q | p"): the documentation does not say whether it is one choice or lost.
  return new Set(parts).size === parts.length ? parts : UNSETTLED;
}

const calendar = (y: number, m: number, d: number) =>
  m >= 1 &&
  m <= 12 &&
  d >= 1 &&
  d <= new Date(Date.UTC(2000, m, 0)).getUTCDate() - (m === 2 && !leap(y) ? 1 : 0);
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** [table] [limits] "only a date written `YYYY-MM-DD` (1000-01-01 to 9999-12-31) converts". */
export function textAsDate(text: string): Outcome {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m && Number(m[1]) >= 1000 && calendar(Number(m[1]), Number(m[2]), Number(m[3])) ? text : LOST;
}

/** [table] "only a time written `HH:MM` (`:00` seconds at most) converts". */
export function textAsTime(text: string): Outcome {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/.exec(text);
  return m ? `${m[1]}:${m[2]}` : LOST;
}

/** The wall clock of an instant in a zone (Intl: the platform's own zone data is the IANA one). */
export function wallAt(
  ms: number,
  zone: string,
): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const p = (type: string) => Number(parts.find((x) => x.type === type)!.value);
  return { y: p('year'), mo: p('month'), d: p('day'), h: p('hour'), mi: p('minute'), s: p('second') };
}

/** Every instant whose wall clock in `zone` reads the given minute: one, or none (a gap), or two (an overlap). */
export function instantsOf(y: number, mo: number, d: number, h: number, mi: number, zone: string): number[] {
  const asUtc = new Date(0).setUTCFullYear(y, mo - 1, d) + (h * 60 + mi) * 60_000;
  const found = new Set<number>();
  for (const probe of [asUtc - 86_400_000, asUtc, asUtc + 86_400_000]) {
    const w = wallAt(probe, zone);
    const offset =
      new Date(0).setUTCFullYear(w.y, w.mo - 1, w.d) + ((w.h * 60 + w.mi) * 60 + w.s) * 1000 - probe;
    const at = asUtc - offset;
    const back = wallAt(at, zone);
    if (back.y === y && back.mo === mo && back.d === d && back.h === h && back.mi === mi && back.s === 0)
      found.add(at);
  }
  return [...found];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** [records] [limits] an instant as the platform stores a date-time: UTC, to the minute, in range. */
function storedDateTime(ms: number): Outcome {
  if (ms % 60_000 !== 0) return UNSETTLED;
  const first = new Date(0).setUTCFullYear(1000, 0, 1);
  const last = new Date(0).setUTCFullYear(9999, 11, 31) + (23 * 60 + 59) * 60_000;
  if (ms < first || ms > last) return LOST;
  const t = new Date(ms);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:00Z`;
}

/** The one instant of a wall time in a zone; UNSETTLED in a gap or an overlap (the docs do not say). */
function zoned(y: number, mo: number, d: number, h: number, mi: number, zone: string): Outcome {
  const at = instantsOf(y, mo, d, h, mi, zone);
  return at.length === 1 ? storedDateTime(at[0]!) : UNSETTLED;
}

/**
 * [table] text into a date-time: "only `YYYY-MM-DDTHH:MM` (or a space for the `T`; `:00` seconds
 * at most) converts, with its offset or else in `migrate.timeZone` ..., stored in UTC".
 */
export function textAsDateTime(text: string, ctx: OracleContext): Outcome {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:00)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!m) return LOST;
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  if (!calendar(y!, mo!, d!) || h! > 23 || mi! > 59) return LOST;
  const zone = m[7];
  if (zone === undefined) return zoned(y!, mo!, d!, h!, mi!, ctx.timeZone);
  const sign = zone === 'Z' ? 0 : zone[0] === '-' ? -1 : 1;
  const offset = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  if (zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59)) return LOST;
  return storedDateTime(new Date(0).setUTCFullYear(y!, mo! - 1, d) + (h! * 60 + mi! - offset) * 60_000);
}

/** [table] DATE -> DATETIME: "midnight of the date in `migrate.timeZone` ..., stored in UTC". */
export function dateAsDateTime(date: string, ctx: OracleContext): Outcome {
  const [y, mo, d] = date.split('-').map(Number);
  return zoned(y!, mo!, d!, 0, 0, ctx.timeZone);
}

/** [table] DATETIME -> DATE: "the date the moment falls on in `migrate.timeZone` ...". */
export function dateTimeAsDate(stored: string, ctx: OracleContext): Outcome {
  const w = wallAt(Date.parse(stored), ctx.timeZone);
  return textAsDate(`${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`);
}

/** [table] how a source value reads as text ("the same text", "the option's name", "joined by `migrate.join`", "as stored"). */
export function readAsText(from: string, value: unknown, ctx: OracleContext): Outcome {
  if (from === 'RICH_TEXT') return richAsText(value as string);
  if (SEVERAL.includes(from)) return (value as string[]).join(ctx.join ?? ', ');
  return value;
}

/** [table] how a text is written into each target type. */
export function writeText(to: string, text: string, ctx: OracleContext): Outcome {
  if (text === '') return emptyValue(to, ctx);
  switch (to) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'LINK':
      return fitsText(to, text, ctx);
    case 'RICH_TEXT':
      return fitsText(to, textAsRich(text), ctx);
    case 'NUMBER': {
      const n = textAsNumber(text, ctx);
      return n === '' ? emptyValue(to, ctx) : n;
    }
    case 'DROP_DOWN':
    case 'RADIO_BUTTON':
      return textAsOne(text, ctx);
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return textAsSeveral(text, ctx);
    case 'DATE':
      return textAsDate(text);
    case 'TIME':
      return textAsTime(text);
    case 'DATETIME':
      return textAsDateTime(text, ctx);
  }
  throw new Error(`no text rule into ${to}`);
}

/** [table] choices among choices: "the same option(s), where the new field has it (each)"; several into one: at most one. */
function choiceAsChoice(from: string, to: string, value: unknown, ctx: OracleContext): Outcome {
  const names = SEVERAL.includes(from) ? (value as string[]) : [value as string];
  if (!SEVERAL.includes(to) && names.length > 1) return LOST;
  if (!names.every((n) => optionNames(ctx).includes(n))) return LOST;
  return SEVERAL.includes(to) ? names : names[0];
}

/** [table] entities: "the same codes, where each is the code of a <kind> on the target environment". */
function entitiesAs(to: string, value: unknown, ctx: OracleContext): Outcome {
  const codes = (value as { code: string }[]).map((e) => e.code);
  const known = ctx.directory[ENTITY_KIND[to]!];
  return codes.every((c) => known.includes(c)) ? codes.map((code) => ({ code })) : LOST;
}

const CHOICES = ['DROP_DOWN', 'RADIO_BUTTON', 'CHECK_BOX', 'MULTI_SELECT'];

/** What `value` (as the record API reads it from the old field) becomes in the new field: LOST where it does not convert. */
export function oracle(from: string, to: string, value: unknown, ctx: OracleContext): Outcome {
  if (isEmpty(value)) return emptyValue(to, ctx);
  if (from === to) return value;
  if (CHOICES.includes(from) && CHOICES.includes(to)) return choiceAsChoice(from, to, value, ctx);
  if (from in ENTITY_KIND) return entitiesAs(to, value, ctx);
  if (from === 'DATE' && to === 'DATETIME') return dateAsDateTime(value as string, ctx);
  if (from === 'DATETIME' && to === 'DATE') return dateTimeAsDate(value as string, ctx);
  const text = readAsText(from, value, ctx);
  if (bad(text)) return text;
  return writeText(to, text as string, ctx);
}

/** [table] "for a move out of a table ... `migrate.join` joins their texts": the rows' values in order, joined, then written. */
export function joinedRows(to: string, values: string[], ctx: OracleContext): Outcome {
  const held = values.filter((v) => v !== '');
  if (held.length === 0) return emptyValue(to, ctx);
  return writeText(to, held.join(ctx.join ?? ', '), ctx);
}

export { bad as isNotConverted, isEmpty as isEmptyOracleValue, TEXTS as TEXT_TYPES };
