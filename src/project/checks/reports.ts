import type { CheckContext } from './context.js';
import { NUMERIC_TYPES, PERIOD_TYPES, placeRule } from './field-rules.js';
import { minGroups } from '../../platform/index.js';

const GROUP = placeRule('reports', 'reports.*.groups[*].code');
/** A MAX or a MIN takes what the place takes; a SUM or an AVERAGE only numbers. */
const AGGREGATION = placeRule('reports', 'reports.*.aggregations[*].code');

const MODE_CHARTS = ['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA'];

/** Graphs: groups and aggregations name fields that fit, modes and sorts that make sense. */
export function checkReports(ctx: CheckContext): void {
  for (const [name, report] of Object.entries(ctx.manifest.reports ?? {})) {
    const path = ['reports', name];
    if (report.chartMode !== undefined && !MODE_CHARTS.includes(report.chartType))
      ctx.report(
        'REPORT.CHART_MODE',
        `chartMode applies to ${MODE_CHARTS.join(', ')} charts, not ${report.chartType}`,
        [...path, 'chartMode'],
        {
          at: 'key',
          hint: 'Remove chartMode.',
        },
      );
    // A pivot table takes two groups or more (platform/report-rules.ts, with the evidence).
    if (report.groups.length < minGroups(report.chartType))
      ctx.report(
        'REPORT.GROUPS',
        `a ${report.chartType} takes ${minGroups(report.chartType)} groups or more; it has ${report.groups.length}`,
        [...path, 'groups'],
        {
          at: 'key',
          hint: 'Add a group (a pivot table crosses its first two), or choose another chartType.',
        },
      );
    report.groups.forEach((group, i) => {
      const at = [...path, 'groups', i];
      const field = ctx.field(group.code, [...at, 'code'], GROUP);
      if (field && group.per !== undefined && !PERIOD_TYPES.includes(field.type))
        ctx.report(
          'REPORT.PER',
          `per applies to date and time fields; "${group.code}" is ${field.type}`,
          [...at, 'per'],
          {
            at: 'key',
            hint: 'Remove per.',
          },
        );
    });
    report.aggregations.forEach((aggregation, i) => {
      const at = [...path, 'aggregations', i];
      if (aggregation.type === 'COUNT') {
        if (aggregation.code !== undefined)
          ctx.report('REPORT.AGGREGATION', 'COUNT counts records and takes no code', [...at, 'code'], {
            at: 'key',
          });
        return;
      }
      if (aggregation.code === undefined) {
        ctx.report('REPORT.AGGREGATION', `${aggregation.type} needs the code of the field to aggregate`, at);
        return;
      }
      const sum = aggregation.type === 'SUM' || aggregation.type === 'AVERAGE';
      ctx.field(aggregation.code, [...at, 'code'], {
        ...AGGREGATION,
        what: `a ${aggregation.type} aggregation`,
        ...(sum ? { types: NUMERIC_TYPES } : {}),
      });
    });
    (report.sorts ?? []).forEach((sort, i) => {
      const n = /^GROUP([1-3])$/.exec(sort.by)?.[1];
      if (n !== undefined && Number(n) > report.groups.length)
        ctx.report(
          'REPORT.SORT',
          `sorts by ${sort.by}, but the graph has ${report.groups.length} group(s)`,
          [...path, 'sorts', i, 'by'],
          {
            hint: 'Sort by TOTAL or by an existing group.',
          },
        );
    });
    ctx.filter(report.filterCond, [...path, 'filterCond']);
  }
}
