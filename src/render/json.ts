/**
 * The machine-readable plan (`--format json`, `--out`): the Plan itself, described by
 * schema/plan.schema.json, with `formatVersion` first so that a reader can check it before the rest.
 */
import type { Plan } from '../plan/types.js';

export function renderJson(plan: Plan): string {
  const { formatVersion, ...rest } = plan;
  return `${JSON.stringify({ formatVersion, ...rest }, null, 2)}\n`;
}
