import { appCases } from './apps.js';
import { formCases } from './form.js';
import { recordCases } from './records.js';
import { settingsCases } from './settings.js';
import { systemCases } from './system.js';
import type { EndpointCase } from './types.js';

/** The endpoint cases by group, in the README table's order. */
export const caseGroups: [string, EndpointCase[]][] = [
  ['records, cursors, comments, process, bulk', recordCases],
  ['apps, deploy, app plug-ins', appCases],
  ['app settings', settingsCases],
  ['form', formCases],
  ['files, plug-ins, spaces, guests', systemCases],
];

export const allCases: EndpointCase[] = caseGroups.flatMap(([, cases]) => cases);
