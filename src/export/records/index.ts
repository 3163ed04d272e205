/** `export --records`: an app's records into its record file (docs/records.md). */
export { exportRecords, type RecordsExportOptions, type RecordsExportResult } from './export-records.js';
