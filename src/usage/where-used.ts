/**
 * The where-used index: for every field of every app, each place of the project that names it
 * (this app's layout, views, process, permissions, notifications, reports, actions; other apps'
 * lookups, related-records tables and copy actions; customization JavaScript). Pure: built from
 * the manifests and the scripts' text.
 */
import type { AppManifest, EntityTarget, LookupSetting, ReferenceTableManifest } from '../project/index.js';
import { allFields, resolveAppRef, type UsageApp, type UsageProject } from './model.js';
import { filterFields, sortFields } from './query-fields.js';
import { scriptMentions } from './script-mentions.js';

/** The order a field's usages are listed in: its own app's areas, then references, then code. */
const AREAS = [
  'layout',
  'title',
  'views',
  'process',
  'permissions',
  'notifications',
  'reports',
  'lookups',
  'related records',
  'actions',
  'JavaScript',
] as const;
export type UsageArea = (typeof AREAS)[number];

export interface Usage {
  area: UsageArea;
  /** Where, in words: `view "Pipeline" (filter)`. */
  where: string;
  /** The app whose manifest names the field, when it is another app. */
  fromApp?: string;
}

/** app key -> field code -> usages, in manifest order. */
export type WhereUsed = Map<string, Map<string, Usage[]>>;

/** Every field code of an app, subtables' members after their table. */
export function fieldCodes(manifest: AppManifest): string[] {
  return allFields(manifest).map(([c]) => c);
}

export interface WhereUsedOptions {
  /**
   * More codes to look for in each app's scripts (app key -> codes), beyond the app's fields:
   * the planner asks where fields the manifests no longer have are still named.
   */
  alsoCodes?: ReadonlyMap<string, readonly string[]>;
}

export function buildWhereUsed(project: UsageProject, options: WhereUsedOptions = {}): WhereUsed {
  const index: WhereUsed = new Map(project.apps.map((a) => [a.key, new Map<string, Usage[]>()]));
  const add = (app: string | null, code: string | undefined, usage: Usage) => {
    if (app === null || code === undefined) return;
    const fields = index.get(app);
    if (!fields) return;
    fields.set(code, [...(fields.get(code) ?? []), usage]);
  };
  for (const app of project.apps) {
    const own = (area: UsageArea) => (code: string | undefined, where: string) =>
      add(app.key, code, { area, where });
    indexLayout(app.manifest, own('layout'));
    if (app.manifest.titleField?.code !== undefined)
      own('title')(app.manifest.titleField.code, 'record title');
    indexViews(app.manifest, own('views'));
    indexProcess(app.manifest, own('process'));
    indexPermissions(app.manifest, own('permissions'));
    indexNotifications(app.manifest, own('notifications'));
    indexReports(app.manifest, own('reports'));
    indexReferences(app, project, add);
    const codes = new Set([...fieldCodes(app.manifest), ...(options.alsoCodes?.get(app.key) ?? [])]);
    for (const script of app.scripts) {
      for (const code of codes) {
        for (const m of scriptMentions(script.text ?? '', code))
          own('JavaScript')(code, `${script.path}:${m.line} (${m.how})`);
      }
    }
  }
  // Stable: within an area, manifest order (apps in the order of appdeploy.yaml).
  for (const fields of index.values())
    for (const [code, usages] of fields)
      fields.set(
        code,
        [...usages].sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area)),
      );
  return index;
}

type Note = (code: string | undefined, where: string) => void;

function indexLayout(manifest: AppManifest, note: Note): void {
  (manifest.layout ?? []).forEach((block, i) => {
    const row = `row ${i + 1}`;
    if (block.type === 'ROW') for (const el of block.fields) if ('code' in el) note(el.code, row);
    if (block.type === 'SUBTABLE') {
      note(block.code, row);
      for (const el of block.fields) if ('code' in el) note(el.code, `${row}, subtable ${block.code}`);
    }
    if (block.type === 'GROUP') {
      note(block.code, row);
      block.layout.forEach((inner, j) => {
        for (const el of inner.fields)
          if ('code' in el) note(el.code, `${row}, group ${block.code} row ${j + 1}`);
      });
    }
  });
}

function queryNotes(note: Note, where: string, filter?: string, sort?: string): void {
  for (const c of filterFields(filter)) note(c, `${where} (filter)`);
  for (const c of sortFields(sort)) note(c, `${where} (sort)`);
}

function indexViews(manifest: AppManifest, note: Note): void {
  for (const [name, view] of Object.entries(manifest.views ?? {})) {
    const where = `view "${name}"`;
    if (view.type === 'LIST') for (const c of view.fields ?? []) note(c, `${where} (column)`);
    if (view.type === 'CALENDAR') {
      note(view.date, `${where} (calendar date)`);
      note(view.title, `${where} (calendar title)`);
    }
    queryNotes(note, where, view.filterCond, view.sort);
  }
}

/** `FIELD_ENTITY` names a user, group or department field: the people it holds are the target. */
function entityNotes(note: Note, where: string, targets: EntityTarget[] | undefined): void {
  for (const t of targets ?? [])
    if (t.entity.type === 'FIELD_ENTITY') note(t.entity.code ?? undefined, where);
}

function indexProcess(manifest: AppManifest, note: Note): void {
  const process = manifest.process;
  if (!process) return;
  for (const [status, state] of Object.entries(process.states ?? {}))
    entityNotes(note, `status "${status}" (assignee)`, state.assignee?.entities);
  for (const action of process.actions ?? []) {
    queryNotes(note, `action "${action.name}"`, action.filterCond);
    entityNotes(note, `action "${action.name}" (who may act)`, action.executableUser?.entities);
  }
}

function indexPermissions(manifest: AppManifest, note: Note): void {
  entityNotes(note, 'app permissions (entity)', manifest.appAcl);
  (manifest.recordAcl ?? []).forEach((right, i) => {
    queryNotes(note, `record permission ${i + 1}`, right.filterCond);
    entityNotes(note, `record permission ${i + 1} (entity)`, right.entities);
  });
  for (const right of manifest.fieldAcl ?? []) {
    note(right.field, 'field permissions');
    entityNotes(note, `field permissions of ${right.field} (entity)`, right.entities);
  }
}

function indexNotifications(manifest: AppManifest, note: Note): void {
  const n = manifest.notifications;
  entityNotes(note, 'general notifications (recipient)', n?.general?.notifications);
  (n?.perRecord?.notifications ?? []).forEach((item, i) => {
    const where = `record notification ${i + 1}`;
    queryNotes(note, where, item.filterCond);
    entityNotes(note, `${where} (recipient)`, item.targets);
  });
  (n?.reminder?.notifications ?? []).forEach((item, i) => {
    const where = `reminder ${i + 1}`;
    note(item.timing.code, `${where} (timing)`);
    queryNotes(note, where, item.filterCond);
    entityNotes(note, `${where} (recipient)`, item.targets);
  });
}

function indexReports(manifest: AppManifest, note: Note): void {
  for (const [name, report] of Object.entries(manifest.reports ?? {})) {
    const where = `report "${name}"`;
    for (const g of report.groups) note(g.code, `${where} (group)`);
    for (const a of report.aggregations) note(a.code, `${where} (${a.type.toLowerCase()})`);
    queryNotes(note, where, report.filterCond);
  }
}

type Add = (app: string | null, code: string | undefined, usage: Usage) => void;

/** Lookups, related-records tables and copy actions: they name fields here and in another app. */
function indexReferences(app: UsageApp, project: UsageProject, add: Add): void {
  for (const [code, field] of allFields(app.manifest)) {
    if ('lookup' in field && field.lookup) indexLookup(app, project, add, code, field.lookup);
    if (field.type === 'REFERENCE_TABLE' && 'referenceTable' in field)
      indexRelatedRecords(app, project, add, code, field.referenceTable);
  }
  indexActions(app, project, add);
}

function indexLookup(app: UsageApp, project: UsageProject, add: Add, code: string, l: LookupSetting): void {
  const there = resolveAppRef(l.relatedApp, project);
  const at = (where: string): Usage => ({ area: 'lookups', where, fromApp: app.key });
  add(there, l.relatedKeyField, at(`lookup ${code} (key)`));
  for (const m of l.fieldMappings ?? []) {
    add(there, m.relatedField, at(`lookup ${code} (copied into ${m.field})`));
    add(app.key, m.field, { area: 'lookups', where: `filled by lookup ${code} from ${m.relatedField}` });
  }
  for (const c of l.lookupPickerFields ?? []) add(there, c, at(`lookup ${code} (picker column)`));
  for (const c of filterFields(l.filterCond)) add(there, c, at(`lookup ${code} (filter)`));
  for (const c of sortFields(l.sort)) add(there, c, at(`lookup ${code} (sort)`));
}

function indexRelatedRecords(
  app: UsageApp,
  project: UsageProject,
  add: Add,
  code: string,
  r: ReferenceTableManifest['referenceTable'],
): void {
  const there = resolveAppRef(r.relatedApp, project);
  const at = (where: string): Usage => ({ area: 'related records', where, fromApp: app.key });
  add(app.key, r.condition.field, {
    area: 'related records',
    where: `${code} (matches ${r.condition.relatedField})`,
  });
  add(there, r.condition.relatedField, at(`${code} (matches ${r.condition.field})`));
  for (const c of r.displayFields) add(there, c, at(`${code} (column)`));
  for (const c of filterFields(r.filterCond)) add(there, c, at(`${code} (filter)`));
  for (const c of sortFields(r.sort)) add(there, c, at(`${code} (sort)`));
}

function indexActions(app: UsageApp, project: UsageProject, add: Add): void {
  for (const [name, action] of Object.entries(app.manifest.actions ?? {})) {
    const there = resolveAppRef(action.destApp, project);
    for (const m of action.mappings) {
      add(app.key, m.srcField, { area: 'actions', where: `action "${name}" (copied to ${m.destField})` });
      const source = m.srcType === 'RECORD_URL' ? 'the record URL' : (m.srcField ?? '');
      add(there, m.destField, {
        area: 'actions',
        where: `action "${name}" (receives ${source})`,
        fromApp: app.key,
      });
    }
    for (const c of filterFields(action.filterCond))
      add(app.key, c, { area: 'actions', where: `action "${name}" (filter)` });
  }
}
