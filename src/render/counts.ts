/**
 * Per-app counts for the Markdown table, counted the way the plan's summary line counts them
 * (Terraform's convention): a rename is one change, a replacement one addition and one removal.
 */
import type { AppPlan, Change, Plan } from '../plan/types.js';

export interface Counts {
  add: number;
  change: number;
  remove: number;
}

function countChange(change: Change): Counts {
  switch (change.action) {
    case 'add':
      return { add: 1, change: 0, remove: 0 };
    case 'change':
    case 'rename':
      return { add: 0, change: 1, remove: 0 };
    case 'remove':
      return { add: 0, change: 0, remove: 1 };
    case 'replace':
      return { add: 1, change: 0, remove: 1 };
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
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
