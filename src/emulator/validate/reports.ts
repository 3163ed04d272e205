import { assignedId, anyJson, arr, int, join, map, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { filterCond, namedUpTo } from './common.js';
import { minGroups, repeatedReportIndexes, TEXT_LIMITS } from '../../platform/index.js';

const CHART_TYPES = ['BAR', 'COLUMN', 'PIE', 'LINE', 'PIVOT_TABLE', 'TABLE', 'AREA', 'SPLINE', 'SPLINE_AREA'];
const PER = ['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE'];

const reportFields = obj(
  {
    chartType: str({ oneOf: CHART_TYPES }),
    chartMode: str({ oneOf: ['NORMAL', 'STACKED', 'PERCENTAGE'] }),
    name: str(),
    id: assignedId,
    index: int(0),
    groups: arr(
      obj(
        { code: placeField('reports', 'reports.*.groups[*].code'), per: str({ oneOf: PER }) },
        { required: ['code'] },
      ),
      { max: 3 },
    ),
    aggregations: arr(
      obj(
        {
          type: str({ oneOf: ['COUNT', 'SUM', 'AVERAGE', 'MAX', 'MIN'] }),
          code: placeField('reports', 'reports.*.aggregations[*].code'),
        },
        { required: ['type'] },
      ),
      { max: 5 },
    ),
    filterCond,
    sorts: arr(
      obj(
        {
          by: str({ oneOf: ['TOTAL', 'GROUP1', 'GROUP2', 'GROUP3'] }),
          order: str({ oneOf: ['ASC', 'DESC'] }),
        },
        { required: ['by', 'order'] },
      ),
    ),
    periodicReport: anyJson,
  },
  // A graph without a periodic report is answered with periodicReport null: the official client's
  // ReportForResponse (app/report.d.ts) has `periodicReport: PeriodicReport | null`, never optional;
  // likewise `filterCond: string`, "" for a graph without a filter (the query that filters nothing).
  { required: ['chartType', 'index'], defaults: { periodicReport: null, filterCond: '' } },
);

/**
 * The chart types that have a display mode, for which `chartMode` is required (kintone.dev,
 * "Update Graph Settings"; cybozu.dev's Japanese page: "chartTypeが「BAR」「COLUMN」「AREA」
 * 「SPLINE_AREA」のときは必須です"). Apply always sends one (areas/reports.ts writes NORMAL when a
 * manifest leaves it out). The platform's code for the refusal is not recorded; 400 CB_VA01 at
 * `chartMode` is our choice.
 */
const WITH_MODE = new Set(['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA']);

const report: Shape = (value, path, ctx) => {
  const out = reportFields(value, path, ctx) as
    { chartType?: unknown; chartMode?: unknown; groups?: unknown } | undefined;
  if (!out || typeof out !== 'object' || typeof out.chartType !== 'string') return out;
  if (WITH_MODE.has(out.chartType) && out.chartMode === undefined)
    ctx.problems.add(join(path, 'chartMode'), `Required field for a ${out.chartType} graph.`);
  // Another chart type takes a chartMode (the official client's ReportProperty: optional for
  // PIE, LINE, PIVOT_TABLE, TABLE, SPLINE) and is answered without one
  // (ReportForResponseWithoutMode has no chartMode): it has no display mode to keep.
  if (!WITH_MODE.has(out.chartType)) delete out.chartMode;
  // A pivot table takes two groups or more (platform/report-rules.ts).
  const fewest = minGroups(out.chartType);
  if (Array.isArray(out.groups) && out.groups.length < fewest)
    ctx.problems.add(join(path, 'groups'), `A ${out.chartType} takes ${fewest} groups or more.`);
  return out;
};

const reportMap = map(namedUpTo(report, TEXT_LIMITS.reportName));

/** The whole map, then no index given to two graphs (platform/report-rules.ts), at the later one's. */
const reports: Shape = (value, path, ctx) => {
  const out = reportMap(value, path, ctx) as Record<string, { index?: unknown } | undefined> | undefined;
  if (!out || typeof out !== 'object') return out;
  const indexes = Object.entries(out).map(([name, r]) => {
    const index = r?.index;
    return [name, typeof index === 'string' || typeof index === 'number' ? index : undefined] as const;
  });
  for (const r of repeatedReportIndexes(indexes))
    ctx.problems.add(
      join(join(path, r.name), 'index'),
      `The index ${r.index} is also the index of the graph "${r.first}"; give each graph its own index.`,
    );
  return out;
};

/**
 * Graphs (`PUT preview/app/reports.json`): the whole map, keyed by name, each name at most 64
 * characters (cybozu.dev, "アプリのグラフ設定の変更する": name "64文字以内で指定します"); validate's
 * schema says so too (app.schema.json, reports' propertyNames).
 */
export const reportsBody: Record<string, Shape> = { reports };
