/**
 * How a few things are named wherever appdeploy says them: apply's per-app reasons and refusals
 * (apply/), the apply message (render/apply-result.ts), progress and errors (cli/), and counts
 * (`12,408 records`) everywhere. A leaf, like errors.ts: it imports nothing, so every layer that
 * words these may share it.
 */

/** A count grouped by thousands: `12,408`. */
export function thousands(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * `1 field`, `3 fields`, `2 policies`, `2 plug-ins`, `12,408 records`: itemNouns are English
 * singular nouns; a count is grouped by thousands, as people read it.
 */
export function plural(count: number, noun: string): string {
  const n = thousands(count);
  if (count === 1) return `${n} ${noun}`;
  if (/[^aeiou]y$/.test(noun)) return `${n} ${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${n} ${noun}es`;
  return `${n} ${noun}s`;
}

/** An elapsed time as people read it: `42s`, `10m00s`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return seconds < 60
    ? `${seconds}s`
    : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** A system plug-in: `"Barcode scanner" (fmfl...) 1.2`. */
export function pluginTitle(plugin: { name: string; id: string; version: string }): string {
  return `${JSON.stringify(plugin.name)} (${plugin.id}) ${plugin.version}`;
}

/** A field's length bounds: `2 to 64 characters`, `at least 2 characters`, `at most 64 characters`. */
export function lengthBounds(bounds: { minLength?: number; maxLength?: number }): string {
  const { minLength: min, maxLength: max } = bounds;
  if (min !== undefined && max !== undefined) return `${min} to ${max} characters`;
  if (min !== undefined) return `at least ${plural(min, 'character')}`;
  return `at most ${plural(max ?? 0, 'character')}`;
}

/** Record numbers as a reader looks them up: `records 3, 7 and 12`, `record 3`. */
export function recordNumbers(ids: readonly string[]): string {
  if (ids.length <= 1) return `record ${ids[0] ?? ''}`.trimEnd();
  return `records ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}
