/** One app's page: its settings section by section, then where each field is used. */
import { code, section, table, text } from './markdown.js';
import { pageFile, type DocApp, type DocProject } from './model.js';
import { fieldsSection, orderedFields } from './fields-section.js';
import { permissionsSection } from './permissions-section.js';
import { processSection } from './process-section.js';
import {
  actionsSection,
  customizeSection,
  generalSection,
  notificationsSection,
  pluginsSection,
  reportsSection,
  viewsSection,
} from './settings-sections.js';
import type { Usage, WhereUsed } from '../usage/index.js';

function whereUsedSection(app: DocApp, index: WhereUsed): string {
  const used = index.get(app.key) ?? new Map<string, Usage[]>();
  const rows = orderedFields(app.manifest).map(({ code: c }) => {
    const usages = used.get(c) ?? [];
    const lines = usages.map(
      (u) => `${u.area}: ${u.fromApp ? `[${text(u.fromApp)}](${pageFile(u.fromApp)}) ` : ''}${text(u.where)}`,
    );
    return [code(c), lines.length ? lines.join('\n') : 'nowhere else'];
  });
  const unreadable = app.scripts.filter((s) => s.text === null).map((s) => code(s.path));
  return section(2, 'Where each field is used', [
    'JavaScript matches are a text search for the code as a quoted string or a property access.',
    unreadable.length ? `Could not read: ${unreadable.join(', ')}.` : '',
    table(['Field', 'Used in'], rows),
  ]);
}

export function appPage(app: DocApp, project: DocProject, index: WhereUsed): string {
  const m = app.manifest;
  const blocks = [
    `# ${text(m.name)} (${code(app.key)})`,
    '[All apps](index.md)',
    generalSection(app),
    fieldsSection(m, project),
    viewsSection(m),
    processSection(m),
    permissionsSection(m),
    notificationsSection(m),
    reportsSection(m),
    actionsSection(m, project),
    customizeSection(m),
    pluginsSection(m),
    m.adminNotes?.content
      ? section(2, 'Admin notes', [table(['Notes'], [[text(m.adminNotes.content)]])])
      : '',
    whereUsedSection(app, index),
  ];
  return `${blocks.filter((b) => b !== '').join('\n\n')}\n`;
}
