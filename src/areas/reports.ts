/**
 * Graphs (`app/reports.json`): a map from graph name to graph, ordered by `index` (map order in
 * a manifest); the service's `id` and `name` (the key) are dropped. A PUT replaces the whole map.
 * Defaults: no filter, no sorts, no periodic report; `chartMode` NORMAL for the chart types that
 * have a mode (BAR, COLUMN, AREA, SPLINE_AREA, as the manifest schema says) and none for others.
 */
import { flag, numeric, orderByIndex, sortKeys, text } from './canonical.js';
import { asList, asRecord, oneWrite, togetherPhase } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { Reports } from '../client/types/reports.js';
import type { AppManifest, ReportSetting } from '../project/manifest.js';
import type { Area, Json, JsonObject } from './types.js';

export type ReportsCanonical = Record<string, JsonObject>;

const WITH_MODE = new Set(['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA']);

/** A periodic report: absent when the service answers none (null); numbers as strings. */
function periodic(value: Json | undefined): JsonObject | undefined {
  if (value === undefined || value === null) return undefined;
  const p = asRecord(value);
  const period = Object.fromEntries(
    Object.entries(asRecord(p.period)).map(([key, v]) => [key, numeric(v)] as const),
  );
  return { active: flag(p.active), period };
}

function report(value: unknown): JsonObject {
  const r = asRecord(value);
  const chartType = text(r.chartType);
  const out: JsonObject = {
    chartType,
    groups: asList(r.groups).map((g) => {
      const group = asRecord(g);
      return typeof group.per === 'string' && group.per !== ''
        ? { code: text(group.code), per: group.per }
        : { code: text(group.code) };
    }),
    aggregations: asList(r.aggregations).map((a) => {
      const agg = asRecord(a);
      return typeof agg.code === 'string' && agg.code !== ''
        ? { type: text(agg.type), code: agg.code }
        : { type: text(agg.type) };
    }),
    filterCond: text(r.filterCond),
    sorts: asList(r.sorts).map((s) => {
      const sort = asRecord(s);
      return { by: text(sort.by), order: text(sort.order) };
    }),
  };
  if (WITH_MODE.has(chartType)) out.chartMode = text(r.chartMode, 'NORMAL');
  const schedule = periodic(r.periodicReport);
  if (schedule) out.periodicReport = schedule;
  // Only for ordering: orderByIndex rewrites it as the position.
  if (typeof r.index === 'string' || typeof r.index === 'number') out.index = String(r.index);
  return out;
}

function canonicalReports(reports: Readonly<Record<string, unknown>>): ReportsCanonical {
  const items = Object.fromEntries(Object.entries(reports).map(([name, r]) => [name, report(r)]));
  return Object.fromEntries(Object.entries(orderByIndex(items)).map(([name, r]) => [name, sortKeys(r)]));
}

/** A graph for a manifest: order is the map's, defaults left out. */
function reportToManifest(r: JsonObject): ReportSetting {
  const { index: _index, ...out } = r;
  if (out.filterCond === '') delete out.filterCond;
  if (asList(out.sorts).length === 0) delete out.sorts;
  if (out.chartMode === 'NORMAL') delete out.chartMode;
  return out as unknown as ReportSetting;
}

export const reportsArea: Area<ReportsCanonical, 'reports'> = {
  key: 'reports',
  phases: togetherPhase('reports'),
  itemNoun: 'graph',
  fromManifest: (m: AppManifest) => (m.reports === undefined ? undefined : canonicalReports(m.reports)),
  toManifest: (c) => ({
    reports: Object.fromEntries(Object.entries(c).map(([name, r]) => [name, reportToManifest(r)])),
  }),
  async read(ctx) {
    const { reports, revision } = await ctx.client.settings.getReports({ app: ctx.app, copy: ctx.copy });
    return { value: canonicalReports(reports), revision };
  },
  diff: (desired, current) => diffMap(desired, current),
  unchangedCount: (desired, current) => unchangedInMap(desired, current),
  writes: (desired, current) =>
    oneWrite('reports', diffMap(desired, current), async (wctx, revision) => {
      const reports = Object.fromEntries(Object.entries(desired).map(([name, r]) => [name, { ...r, name }]));
      const result = await wctx.client.settings.updateReports({
        app: wctx.app,
        reports: reports as unknown as Reports,
        revision,
      });
      return result.revision;
    }),
};
