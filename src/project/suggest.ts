/** "Did you mean" for mistyped codes and values. */

/** The candidate closest to `word` within a couple of edits (case aside), if there is one. */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** "Did you mean" the closest candidate, if there is one. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  const best = closest(word, candidates);
  return best === undefined ? undefined : `Did you mean "${best}"?`;
}

/**
 * `label:Title` written for `label: Title`: YAML reads a colon with no space after it as part of
 * the text, so the whole is one key (in a flow map) or a line that is no key at all (in a block).
 * The hint when `text` is such a `key:value` whose key is one of `keys` (any key when none are
 * given), else undefined.
 */
export function missingSpaceHint(text: string, keys?: readonly string[]): string | undefined {
  const match = /^\s*(?:-\s+)?([A-Za-z_][\w.-]*):(\S.*?)\s*$/.exec(text);
  if (!match || /^\/\//.test(match[2]!)) return undefined;
  const [, key, value] = match as unknown as [string, string, string];
  if (keys !== undefined && !keys.includes(key)) return undefined;
  return `Put a space after the colon: "${key}: ${value}" (without it YAML reads "${key}:${value}" as one text).`;
}

/**
 * A hint for a name given on the command line (`--app taks`): "Did you mean" the closest
 * candidate, if there is one, before what the hint says anyway.
 */
export function nearestThen(word: string, candidates: readonly string[], hint: string): string {
  const near = didYouMean(word.trim(), candidates);
  return near === undefined ? hint : `${near} ${hint}`;
}

/** A hint for a mistyped code: the closest one, else the first few known ones. */
export function suggest(code: string, candidates: string[]): string {
  const near = didYouMean(code, candidates);
  if (near !== undefined) return near;
  const shown = candidates.slice(0, 12).join(', ');
  return `Known: ${shown}${candidates.length > 12 ? ', ...' : ''}.`;
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
