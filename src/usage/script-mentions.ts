/**
 * Where a JavaScript file names a field code. A plain text search, not a JavaScript parser: the
 * code as a quoted string (`'code'`, `"code"`, `` `code` ``) or as a property access (`.code` not
 * followed by more of an identifier). Comments and unrelated strings that happen to match count.
 */

export interface ScriptMention {
  /** 1-based. */
  line: number;
  how: 'quoted string' | 'property access';
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function scriptMentions(text: string, code: string): ScriptMention[] {
  const c = escapeRegExp(code);
  const quoted = new RegExp(`(['"\`])${c}\\1`, 'u');
  const property = new RegExp(`\\.${c}(?![\\p{ID_Continue}$\\u200c\\u200d])`, 'u');
  const found: ScriptMention[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (quoted.test(line)) found.push({ line: i + 1, how: 'quoted string' });
    else if (property.test(line)) found.push({ line: i + 1, how: 'property access' });
  });
  return found;
}
