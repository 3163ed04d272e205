/**
 * The pairs issue 36 ("Change a field's type ... and keep every value", section "Conversions")
 * says must convert, written out by hand so that a row missing from the table fails a test.
 */
const TEXT = ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'];
const ONE = ['DROP_DOWN', 'RADIO_BUTTON'];
const SEVERAL = ['CHECK_BOX', 'MULTI_SELECT'];
const ENTITIES = ['USER_SELECT', 'ORGANIZATION_SELECT', 'GROUP_SELECT'];

const among = (types: string[]): [string, string][] =>
  types.flatMap((a) => types.filter((b) => b !== a).map((b): [string, string] => [a, b]));
const across = (as: string[], bs: string[]): [string, string][] =>
  as.flatMap((a) => bs.map((b): [string, string] => [a, b]));

export const ISSUE_PAIRS: readonly [string, string][] = [
  // text (one line, several lines, rich text, link) among themselves
  ...among(TEXT),
  // text <-> number
  ...across(TEXT, ['NUMBER']),
  ...across(['NUMBER'], TEXT),
  // one choice <-> one choice, and to several
  ...among(ONE),
  ...across(ONE, SEVERAL),
  // several -> one where a record holds at most one
  ...across(SEVERAL, ONE),
  // text -> a choice among the options; choices -> text
  ...across(TEXT, [...ONE, ...SEVERAL]),
  ...across([...ONE, ...SEVERAL], TEXT),
  // date -> date-time and back
  ['DATE', 'DATETIME'],
  ['DATETIME', 'DATE'],
  // date-time (and date, time) <-> text in the platform's formats
  ...across(['DATETIME', 'DATE', 'TIME'], TEXT),
  ...across(TEXT, ['DATETIME', 'DATE', 'TIME']),
  // user / organization / group selections among themselves
  ...among(ENTITIES),
];
