/** Graphs (`reports`): a map from graph name to definition (platform-facts "Settings shapes"). */
import type { NamedMapResult, NamedMapUpdateResult } from './common.js';

export type ChartType =
  'BAR' | 'COLUMN' | 'PIE' | 'LINE' | 'PIVOT_TABLE' | 'TABLE' | 'AREA' | 'SPLINE' | 'SPLINE_AREA';

export interface Report {
  chartType: ChartType;
  /** For bar, column and area types. */
  chartMode?: 'NORMAL' | 'STACKED' | 'PERCENTAGE';
  name: string;
  /** Assigned by the service. */
  id?: string;
  index: string;
  groups: { code: string; per?: string }[];
  aggregations: { type: 'COUNT' | 'SUM' | 'AVERAGE' | 'MAX' | 'MIN'; code?: string }[];
  filterCond: string;
  sorts: { by: string; order: 'ASC' | 'DESC' }[];
  periodicReport?: Record<string, unknown> | null;
}

export type Reports = Record<string, Report>;

export type ReportsResult = NamedMapResult<'reports', Report>;
export type UpdateReportsResult = NamedMapUpdateResult<'reports'>;
