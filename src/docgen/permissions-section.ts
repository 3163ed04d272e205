/** App, record and field permissions as matrices: one row per entity, one column per right. */
import type { AppManifest } from '../project/index.js';
import { code, section, table, text } from './markdown.js';
import { entityName } from './process-section.js';

const mark = (v: boolean | undefined) => (v ? '✓' : '');

const APP_RIGHTS = [
  ['appEditable', 'Manage app'],
  ['recordViewable', 'View'],
  ['recordAddable', 'Add'],
  ['recordEditable', 'Edit'],
  ['recordDeletable', 'Delete'],
  ['recordImportable', 'Import'],
  ['recordExportable', 'Export'],
] as const;

export function permissionsSection(manifest: AppManifest): string {
  const blocks: string[] = [];
  if (manifest.appAcl) {
    blocks.push(
      section(3, 'App permissions', [
        table(
          ['Who', ...APP_RIGHTS.map(([, h]) => h)],
          manifest.appAcl.map((r) => [text(entityName(r)), ...APP_RIGHTS.map(([k]) => mark(r[k]))]),
        ),
      ]),
    );
  }
  if (manifest.recordAcl) {
    const rows = manifest.recordAcl.flatMap((right, i) =>
      right.entities.map((e) => [
        String(i + 1),
        right.filterCond ? code(right.filterCond) : 'every record',
        text(entityName(e)),
        mark(e.viewable),
        mark(e.editable),
        mark(e.deletable),
      ]),
    );
    blocks.push(
      section(3, 'Record permissions', [
        'Rules in the order of the manifest.',
        table(['Rule', 'Records', 'Who', 'View', 'Edit', 'Delete'], rows),
      ]),
    );
  }
  if (manifest.fieldAcl) {
    const rows = manifest.fieldAcl.flatMap((right) =>
      right.entities.map((e) => [code(right.field), text(entityName(e)), e.accessibility.toLowerCase()]),
    );
    blocks.push(section(3, 'Field permissions', [table(['Field', 'Who', 'Access'], rows)]));
  }
  return blocks.length ? section(2, 'Permissions', blocks) : '';
}
