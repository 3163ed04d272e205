/**
 * The table of conversions: one row per pair of types whose values have one honest conversion
 * (issue 36, "Conversions"). Each row reads the source value, writes it as the target holds it,
 * and leaves what does not convert as a reason; an empty value becomes the target's empty value
 * and `migrate.default` replaces a value that does not convert. docs/migrations.md prints this
 * table (test/platform/conversions/doc.test.ts keeps the two together).
 */
import { ONE_CHOICE_TYPES, oneInto, SEVERAL_CHOICE_TYPES, severalInto, severalIntoOne } from './choice.js';
import { DATE_TYPES, dateTimeToDate, dateToDateTime } from './date.js';
import { ENTITY_TYPES, entitiesInto } from './entity.js';
import { acceptsValue, emptyInto, intoTarget, sourceText } from './target.js';
import { TEXT_TYPES } from './text.js';
import { isEmptyValue, refused, type Conversion, type ConvertContext, type Converted } from './types.js';

type Convert = (value: unknown, ctx: ConvertContext) => Converted;

/** `migrate.default` for a value that does not convert, when the target holds the default itself. */
function withDefault(failure: Converted & { ok: false }, to: string, ctx: ConvertContext): Converted {
  if (ctx.migrate.default === undefined) return failure;
  const fallback = acceptsValue(to, ctx.migrate.default, ctx);
  if (fallback.ok) return { ok: true, value: fallback.value, defaulted: true };
  return refused(`${failure.reason}; the default does not fit the new field either (${fallback.reason})`);
}

function row(from: string, to: string, rule: string, convert: Convert): Conversion {
  return {
    from,
    to,
    rule,
    // A rule that names the zone is one whose values the zone decides: the plan says which it used.
    ...(rule.includes(ZONE) ? { zoned: true as const } : {}),
    convert(value, ctx) {
      const result = isEmptyValue(value) ? emptyInto(to, ctx) : convert(value, ctx);
      // A value that reads as empty (a number of spaces only) is checked as an empty one.
      const checked = result.ok && isEmptyValue(result.value) ? emptyInto(to, ctx) : result;
      return checked.ok ? checked : withDefault(checked, to, ctx);
    },
  };
}

const JOIN = '`migrate.join` (`, ` by default)';
// The platform's interface gives no time zone of an environment (it is each user's setting), so
// the environment's is the one appdeploy.yaml gives it (`timeZone`), and without either the plan
// takes its machine's, names it, and apply converts in the one the plan named
// (plan/migration-zone.ts).
const ZONE =
  "`migrate.timeZone`, else the environment's `timeZone` in appdeploy.yaml, else the planning machine's (the plan names the zone)";

/** How each source type reads as plain text, in words. */
const READ: Readonly<Record<string, string>> = {
  SINGLE_LINE_TEXT: 'the same text',
  MULTI_LINE_TEXT: 'the same text',
  LINK: 'the same text',
  RICH_TEXT:
    'the text of rich text holding no markup but line breaks (`<br>`) and character references (`&amp;`); other markup does not convert',
  NUMBER: 'the number as stored (`12.50` stays `12.50`)',
  DROP_DOWN: "the option's name",
  RADIO_BUTTON: "the option's name",
  CHECK_BOX: `the options' names in the record's order, joined by ${JOIN}`,
  MULTI_SELECT: `the options' names in the record's order, joined by ${JOIN}`,
  DATE: 'the date as stored (`YYYY-MM-DD`)',
  TIME: 'the time as stored (`HH:MM`)',
  DATETIME: 'the date and time as stored, in UTC (`YYYY-MM-DDTHH:MM:00Z`)',
};

const ONE_LINE =
  "a line break, or a length outside the new field's minLength and maxLength (64 if unique), does not convert";
const OPTION = "only the name of one of the new field's options converts";
const NO_EMPTY_RADIO = 'an empty value does not convert (a radio button always holds an option)';

/** How each target type takes a plain text, in words ('' where it takes any text as it is). */
const WRITE: Readonly<Record<string, string>> = {
  SINGLE_LINE_TEXT: ONE_LINE,
  LINK: ONE_LINE,
  MULTI_LINE_TEXT: '',
  RICH_TEXT:
    'written as rich text showing the same characters (`&`, `<`, `>` escaped, line breaks as `<br />`)',
  NUMBER:
    "read as a number the platform accepts (sign, point, exponent; no thousands separators), within the new field's minValue and maxValue and the app's digits and decimal places; anything else does not convert",
  DROP_DOWN: OPTION,
  RADIO_BUTTON: `${OPTION}; ${NO_EMPTY_RADIO}`,
  CHECK_BOX: `the whole text when it names an option, otherwise its parts between ${JOIN}, each an option of the new field; anything else does not convert`,
  MULTI_SELECT: `the whole text when it names an option, otherwise its parts between ${JOIN}, each an option of the new field; anything else does not convert`,
  DATE: 'only a date written `YYYY-MM-DD` (1000-01-01 to 9999-12-31) converts',
  TIME: 'only a time written `HH:MM` (`:00` seconds at most) converts',
  DATETIME: `only \`YYYY-MM-DDTHH:MM\` (or a space for the \`T\`; \`:00\` seconds at most) converts, with its offset or else in ${ZONE}, stored in UTC`,
};

/** A row through plain text: the source read as text, the text written into the target. */
function viaText(from: string, to: string): Conversion {
  const rule = [READ[from]!, WRITE[to]!].filter((part) => part !== '').join('; ');
  return row(from, to, rule, (value, ctx) => {
    const text = sourceText(from, value, ctx);
    return text.ok ? intoTarget(to, text.value as string, ctx) : text;
  });
}

const pairs = <A extends string, B extends string>(as: readonly A[], bs: readonly B[]): [A, B][] =>
  as.flatMap((a) => bs.filter((b) => (b as string) !== a).map((b): [A, B] => [a, b]));

const SEVERAL_INTO_ONE =
  'the one option of a record holding at most one, where the new field has it; a record holding two or more does not convert';

function choiceRows(): Conversion[] {
  const radio = (to: string) => (to === 'RADIO_BUTTON' ? `; ${NO_EMPTY_RADIO}` : '');
  return [
    ...pairs(ONE_CHOICE_TYPES, ONE_CHOICE_TYPES).map(([from, to]) =>
      row(from, to, `the same option, where the new field has it${radio(to)}`, (v, c) =>
        typeof v === 'string' ? oneInto(v, c) : refused('not a choice'),
      ),
    ),
    ...pairs(ONE_CHOICE_TYPES, SEVERAL_CHOICE_TYPES).map(([from, to]) =>
      row(from, to, 'the option as the one choice, where the new field has it', (v, c) =>
        typeof v === 'string' ? severalInto([v], c) : refused('not a choice'),
      ),
    ),
    ...pairs(SEVERAL_CHOICE_TYPES, ONE_CHOICE_TYPES).map(([from, to]) =>
      row(from, to, `${SEVERAL_INTO_ONE}${radio(to)}`, severalIntoOne),
    ),
    ...pairs(SEVERAL_CHOICE_TYPES, SEVERAL_CHOICE_TYPES).map(([from, to]) =>
      row(from, to, 'the same options, where the new field has each', (v, c) =>
        Array.isArray(v) ? severalInto(v, c) : refused('not a list of choices'),
      ),
    ),
  ];
}

const NOUNS: Readonly<Record<string, string>> = {
  USER_SELECT: 'user (by login name)',
  ORGANIZATION_SELECT: 'organization',
  GROUP_SELECT: 'group',
};

function entityRows(): Conversion[] {
  return pairs(ENTITY_TYPES, ENTITY_TYPES).map(([from, to]) =>
    row(
      from,
      to,
      `the same codes, where each is the code of a ${NOUNS[to]!} on the target environment; any other does not convert`,
      (v, c) => entitiesInto(to, v, c),
    ),
  );
}

const CHOICE_TYPES = [...ONE_CHOICE_TYPES, ...SEVERAL_CHOICE_TYPES];

export const CONVERSION_TABLE: readonly Conversion[] = [
  ...pairs(TEXT_TYPES, TEXT_TYPES).map(([from, to]) => viaText(from, to)),
  ...TEXT_TYPES.flatMap((t) => [viaText(t, 'NUMBER'), viaText('NUMBER', t)]),
  ...choiceRows(),
  ...TEXT_TYPES.flatMap((t) => CHOICE_TYPES.map((c) => viaText(t, c))),
  ...CHOICE_TYPES.flatMap((c) => TEXT_TYPES.map((t) => viaText(c, t))),
  row('DATE', 'DATETIME', `midnight of the date in ${ZONE}, stored in UTC`, dateToDateTime),
  row(
    'DATETIME',
    'DATE',
    `the date the moment falls on in ${ZONE}; the time of day is dropped`,
    dateTimeToDate,
  ),
  ...DATE_TYPES.flatMap((d) => TEXT_TYPES.flatMap((t) => [viaText(d, t), viaText(t, d)])),
  ...entityRows(),
];
