/**
 * How a few things are named wherever appdeploy says them: apply's per-app reasons and refusals
 * (apply/), the apply message (render/apply-result.ts), progress and errors (cli/). A leaf, like
 * errors.ts: it imports nothing, so every layer that words these may share it.
 */

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
