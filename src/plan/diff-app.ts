/**
 * Pure: one app's desired areas against what the service holds -> its area plans, the
 * questions about records that decide its risks, and the risks found without asking.
 */
import { contentHash, equalJson } from '../areas/diff.js';
import type { Area, AreaKey, Json, RiskProbe } from '../areas/types.js';
import type { AppState } from './read.js';
import type { AreaPlan, Change, Plan, Risk } from './types.js';

export interface Desired {
  area: Area;
  value: Json;
}

export interface AppDiff {
  areas: AreaPlan[];
  probes: RiskProbe[];
  risks: Risk[];
}

/** An app apply will create: every managed area is added whole. */
export function createAppDiff(desired: readonly Desired[]): AppDiff {
  return {
    areas: desired.map(({ area, value }) => ({
      key: area.key,
      action: 'create-app',
      itemNoun: area.itemNoun,
      changes: [{ action: 'add', path: [], after: value }],
      unchanged: 0,
      before: null,
      after: value,
    })),
    probes: [],
    risks: [],
  };
}

/**
 * An existing app: each managed area is compared with its live copy, which is what the app
 * holds once a pending draft is discarded (apply refuses to publish someone's draft). An app
 * that was never deployed is compared with its draft.
 */
export function existingAppDiff(desired: readonly Desired[], state: AppState): AppDiff {
  const areas: AreaPlan[] = [];
  const probes: RiskProbe[] = [];
  const risks: Risk[] = [];
  for (const { area, value } of desired) {
    const copies = state.areas.get(area.key);
    if (!copies) throw new Error(`area ${area.key} was not read`);
    const current = copies.live ?? copies.draft;
    const changes = area.diff(value, current);
    areas.push({
      key: area.key,
      action: changes.length > 0 ? 'update' : 'no-op',
      itemNoun: area.itemNoun,
      changes,
      unchanged: area.unchangedCount(value, current, changes),
      before: current,
      after: value,
    });
    if (changes.length === 0) continue;
    for (const probe of area.probes?.(value, current) ?? []) probes.push(probe);
    for (const blocked of area.blocked?.(value, current) ?? [])
      risks.push({ kind: 'blocked', area: area.key, ...blocked });
  }
  const pending = pendingAreas(state);
  if (pending.length > 0)
    risks.unshift({ kind: 'pending-draft', areas: pending, draftHashes: draftHashes(desired, state) });
  return { areas, probes, risks };
}

/**
 * What each managed area's draft holds, hashed so that the next apply can tell a draft an
 * interrupted apply wrote from one someone else touched (apply/recovery.ts): the hash of the
 * desired value when the draft already holds it as the area compares (its diff is empty: what a
 * fresh plan after apply finds), else of the draft's own canonical value. Not the draft's
 * canonical value alone: an area reads back more than a manifest says (system fields, built-in
 * views, general settings left to the service, the generated script's ids), so the value an
 * apply wrote is seldom the value read back, while the area's own diff says when they agree.
 */
function draftHashes(desired: readonly Desired[], state: AppState): Partial<Record<AreaKey, string>> {
  const hashes: Partial<Record<AreaKey, string>> = {};
  for (const { area, value } of desired) {
    const draft = state.areas.get(area.key)!.draft;
    hashes[area.key] = contentHash(area.diff(value, draft).length === 0 ? value : draft);
  }
  return hashes;
}

/** Areas, managed or not, whose draft differs from live. */
export function pendingAreas(state: AppState): AreaKey[] {
  if (!state.deployed) return [];
  return [...state.areas]
    .filter(([, s]) => s.live !== null && !equalJson(s.draft, s.live))
    .map(([key]) => key);
}

/**
 * `Plan: X to add, Y to change, Z to remove.` counted over every change; a replace is both. A
 * plug-in installed is an addition, one updated a change. A change of a whole area counts the
 * items a reader sees listed in it (itemsOf), not one per area.
 */
export function summarize(apps: Plan['apps'], plugins: Plan['plugins']): Plan['summary'] {
  const summary = { add: 0, change: 0, remove: 0 };
  for (const plugin of plugins) {
    switch (plugin.action) {
      case 'install':
        summary.add++;
        break;
      case 'update':
        summary.change++;
        break;
      case 'no-op':
        break;
      default: {
        const unreachable: never = plugin.action;
        return unreachable;
      }
    }
  }
  for (const app of apps)
    for (const area of app.areas)
      for (const change of area.changes) {
        const items = itemsOf(change);
        switch (change.action) {
          case 'add':
            summary.add += items;
            break;
          case 'remove':
            summary.remove += items;
            break;
          case 'change':
          case 'rename':
            summary.change += items;
            break;
          case 'replace':
            summary.add++;
            summary.remove++;
            break;
          default: {
            const unreachable: never = change;
            return unreachable;
          }
        }
      }
  return summary;
}

/**
 * How many items one change stands for: one, for a change of an item; for a change of a whole
 * area (`path` empty: an app's areas when it is created, single-valued areas such as admin
 * notes), the entries it adds or removes (fields, layout rows, settings), or the settings it
 * changes. render/counts.ts counts the same way for the Markdown table.
 */
export function itemsOf(change: Change): number {
  if (change.path.length > 0) return 1;
  switch (change.action) {
    case 'add':
      return entries(change.after);
    case 'remove':
      return entries(change.before);
    case 'change':
    case 'rename':
      return Math.max(1, new Set(change.details.map((detail) => detail.path[0] ?? '')).size);
    case 'replace':
      return 1;
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}

function entries(value: Json): number {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return 1;
}
