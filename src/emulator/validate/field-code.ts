import { TEXT_LIMITS, textLength } from '../../platform/index.js';

/** Field codes: a letter or underscore first, then letters, digits and underscores; at most 128 characters. */
const CODE = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** Why a field code cannot be used, or null when it can. */
export function codeProblem(code: string): string | null {
  if (textLength(code) > TEXT_LIMITS.fieldCode)
    return `Enter a field code of ${TEXT_LIMITS.fieldCode} characters or fewer.`;
  if (!CODE.test(code)) return 'A field code starts with a letter or _ and holds letters, digits and _ only.';
  return null;
}
