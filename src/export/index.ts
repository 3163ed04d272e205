/** Export: the service's apps -> manifests and appdeploy.yaml entries (the inverse of project/). */
export { exportApps } from './export.js';
export { createProjectFile } from './project-file.js';
export type { Selection } from './select.js';
export type * from './types.js';
export { exportRecords, type RecordsExportOptions, type RecordsExportResult } from './records/index.js';
