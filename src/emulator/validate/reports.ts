import { assignedId, anyJson, arr, int, map, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { filterCond, named } from './common.js';

const CHART_TYPES = ['BAR', 'COLUMN', 'PIE', 'LINE', 'PIVOT_TABLE', 'TABLE', 'AREA', 'SPLINE', 'SPLINE_AREA'];
const PER = ['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE'];

const report = obj(
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
  { required: ['chartType', 'index'] },
);

/** Graphs (`PUT preview/app/reports.json`): the whole map, keyed by name. */
export const reportsBody: Record<string, Shape> = { reports: map(named(report)) };
