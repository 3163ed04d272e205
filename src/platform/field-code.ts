/**
 * What a field code may be, one rule for validate (schema/app.schema.json holds the same pattern,
 * test/platform/field-code.test.ts keeps the two equal) and the local service (its fields writes
 * and renames).
 *
 * The rule: at most TEXT_LIMITS.fieldCode characters; no whitespace (a full-width space included)
 * nor control character; of ASCII punctuation only `_`; not starting with a digit (ASCII or
 * full-width). Letters of any script and other non-ASCII characters pass. Evidence: the hosted
 * platform's help page on field codes (jp.cybozu.help .../form/autocalc/fieldcode.html) is not in
 * the corpus `search` reads; a public project's validator that cites it refuses every ASCII
 * symbol but `_` (`$` included) and a leading digit of either width. Before this rule validate
 * let `$` through and the local service refused it, while the service refused `・` that validate
 * took. Whether full-width punctuation (`（`, `：`) is refused is not recorded: both sides take it.
 */
import { TEXT_LIMITS, textLength } from './text-length.js';

/** The pattern of a field code, as schema/app.schema.json writes it (JSON Schema, ECMA-262 with `u`). */
export const FIELD_CODE_PATTERN =
  '^(?![0-9\\uFF10-\\uFF19])[^\\s\\x00-\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f]+$';

const FIELD_CODE = new RegExp(FIELD_CODE_PATTERN, 'u');

/** Why `code` cannot be a field code, in words; null when it can. */
export function fieldCodeProblem(code: string): string | null {
  if (textLength(code) > TEXT_LIMITS.fieldCode)
    return `Enter a field code of ${TEXT_LIMITS.fieldCode} characters or fewer.`;
  if (!FIELD_CODE.test(code))
    return 'A field code holds no space and, of ASCII symbols, only _, and does not start with a digit.';
  return null;
}
