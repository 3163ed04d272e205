/** Field codes: a letter or underscore first, then letters, digits and underscores; at most 128 characters. */
const CODE = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** Why a field code cannot be used, or null when it can. */
export function codeProblem(code: string): string | null {
  if (code.length > 128) return 'Enter a field code of 128 characters or fewer.';
  if (!CODE.test(code)) return 'A field code starts with a letter or _ and holds letters, digits and _ only.';
  return null;
}
