/** Graphs (`reports`): a map from graph name to definition (platform-facts "Settings shapes"). */

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

export interface ReportsResult {
  reports: Reports;
  revision: string;
}

export interface UpdateReportsResult {
  reports: Record<string, { id: string }>;
  revision: string;
}
