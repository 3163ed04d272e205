/**
 * Graphs (`app/reports.json`): a map from graph name to graph, ordered by `index` (map order in
 * a manifest); the service's `id` and `name` (the key) are dropped. A PUT replaces the whole map.
 * Defaults: no filter, no sorts, no periodic report; `chartMode` NORMAL for the chart types that
 * have a mode (BAR, COLUMN, AREA, SPLINE_AREA, as the manifest schema says) and none for others.
 */
import { byIndex, orderedMap } from './manifest-order.js';
import { flag, isOneOf, numeric, oneOf, orderByIndex, sortKeys, text } from './canonical.js';
import { asList, asRecord, oneWrite, togetherPhase } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { ChartType } from '../client/types/reports.js';
import type { AppManifest, ReportSetting } from '../project/manifest.js';
import type { Area, Json } from './types.js';

// The official client's app/report.d.ts; the schema's enums are the same.
const CHART_TYPES = [
  'BAR',
  'COLUMN',
  'PIE',
  'LINE',
  'PIVOT_TABLE',
  'TABLE',
  'AREA',
  'SPLINE',
  'SPLINE_AREA',
] as const satisfies readonly ChartType[];
const CHART_MODES = ['NORMAL', 'STACKED', 'PERCENTAGE'] as const;
const GROUP_PERS = ['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE'] as const;
const AGGREGATIONS = ['COUNT', 'SUM', 'AVERAGE', 'MAX', 'MIN'] as const;
const SORT_BY = ['TOTAL', 'GROUP1', 'GROUP2', 'GROUP3'] as const;
const SORT_ORDERS = ['ASC', 'DESC'] as const;
const WITH_MODE = new Set(['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA']);

/** A periodic report: whether it is on, and its period, `every` and the rest as strings. */
type PeriodicCanonical = { active: boolean; period: { every: string; [key: string]: string } };

/** One graph in canonical form: the client's Report but for its name, which is the map's key. */
type ReportCanonical = {
  chartType: ChartType;
  chartMode?: (typeof CHART_MODES)[number];
  index: string;
  groups: { code: string; per?: (typeof GROUP_PERS)[number] }[];
  aggregations: { type: (typeof AGGREGATIONS)[number]; code?: string }[];
  filterCond: string;
  sorts: { by: (typeof SORT_BY)[number]; order: (typeof SORT_ORDERS)[number] }[];
  periodicReport?: PeriodicCanonical;
};

export type ReportsCanonical = Record<string, ReportCanonical>;

/**
 * A periodic report: absent when the service answers none (null); numbers as strings. The
 * schema and the official client's types give every period an `every`.
 */
function periodic(value: Json | undefined): PeriodicCanonical | undefined {
  if (value === undefined || value === null) return undefined;
  const p = asRecord(value);
  const period = asRecord(p.period);
  const values = Object.fromEntries(Object.entries(period).map(([key, v]) => [key, numeric(v)] as const));
  return { active: flag(p.active), period: { ...values, every: numeric(period.every) } };
}

/**
 * A graph. Values outside the platform's sets (which the schema's enums refuse) read as the
 * first of each set, and a grouping's unknown `per` is left out.
 */
function report(value: unknown): Omit<ReportCanonical, 'index'> & { index?: string } {
  const r = asRecord(value);
  const chartType = oneOf(r.chartType, CHART_TYPES, 'BAR');
  const out: Omit<ReportCanonical, 'index'> & { index?: string } = {
    chartType,
    groups: asList(r.groups).map((g) => {
      const group = asRecord(g);
      return isOneOf(group.per, GROUP_PERS)
        ? { code: text(group.code), per: group.per }
        : { code: text(group.code) };
    }),
    aggregations: asList(r.aggregations).map((a) => {
      const agg = asRecord(a);
      const type = oneOf(agg.type, AGGREGATIONS, 'COUNT');
      return typeof agg.code === 'string' && agg.code !== '' ? { type, code: agg.code } : { type };
    }),
    filterCond: text(r.filterCond),
    sorts: asList(r.sorts).map((s) => {
      const sort = asRecord(s);
      return { by: oneOf(sort.by, SORT_BY, 'TOTAL'), order: oneOf(sort.order, SORT_ORDERS, 'ASC') };
    }),
  };
  if (WITH_MODE.has(chartType)) out.chartMode = oneOf(r.chartMode, CHART_MODES, 'NORMAL');
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
function reportToManifest(r: ReportCanonical): ReportSetting {
  const { index: _index, ...rest } = r;
  const out: ReportSetting = rest;
  if (out.filterCond === '') delete out.filterCond;
  if (out.sorts?.length === 0) delete out.sorts;
  if (out.chartMode === 'NORMAL') delete out.chartMode;
  return out;
}

export const reportsArea: Area<ReportsCanonical, 'reports'> = {
  key: 'reports',
  phases: togetherPhase('reports'),
  itemNoun: 'graph',
  fromManifest: (m: AppManifest) => (m.reports === undefined ? undefined : canonicalReports(m.reports)),
  toManifest: (c) => ({
    reports: orderedMap(byIndex(c).map(([name, r]) => [name, reportToManifest(r)] as const)),
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
        reports,
        revision,
      });
      return result.revision;
    }),
};
