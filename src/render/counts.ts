/**
 * Per-app counts for the Markdown table, counted the way the plan's summary line counts them
 * (Terraform's convention): a rename is one change, a replacement one addition and one removal.
 */
import type { AppPlan, Change, Json, Plan } from '../plan/types.js';

export interface Counts {
  add: number;
  change: number;
  remove: number;
}

function countChange(change: Change): Counts {
  switch (change.action) {
    case 'add':
      return { add: itemsOf(change), change: 0, remove: 0 };
    case 'change':
    case 'rename':
      return { add: 0, change: itemsOf(change), remove: 0 };
    case 'remove':
      return { add: 0, change: 0, remove: itemsOf(change) };
    case 'replace':
      return { add: 1, change: 0, remove: 1 };
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}

/**
 * The items one change stands for, as the plan's summary counts them (plan/diff-app.ts itemsOf,
 * which the renderers may not import): one per item; for a whole area, its entries added or
 * removed, or its settings changed.
 */
function itemsOf(change: Change): number {
  if (change.path.length > 0 || change.action === 'replace') return 1;
  if (change.action === 'add') return entries(change.after);
  if (change.action === 'remove') return entries(change.before);
  return Math.max(1, new Set(change.details.map((detail) => detail.path[0] ?? '')).size);
}

function entries(value: Json): number {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return 1;
}

export function countApp(app: AppPlan): Counts {
  const total: Counts = { add: 0, change: 0, remove: 0 };
  for (const area of app.areas)
    for (const change of area.changes) {
      const counts = countChange(change);
      total.add += counts.add;
      total.change += counts.change;
      total.remove += counts.remove;
    }
  return total;
}

/** `2 to add, 3 to change, 1 to remove` (the plan's own summary, not a recount). */
export function summaryPhrase(summary: Plan['summary'] | Counts): string {
  return `${summary.add} to add, ${summary.change} to change, ${summary.remove} to remove`;
}
