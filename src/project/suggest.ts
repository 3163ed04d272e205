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
