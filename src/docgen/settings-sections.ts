/** The smaller sections of an app's page: general settings, views, notifications, reports, actions, customization, plug-ins. */
import type { AppManifest, GeneratedResource, ResourceSetting } from '../project/index.js';
import { inIndexOrder } from '../platform/index.js';
import { code, section, table, text, yesNo } from './markdown.js';
import { describeAppRef, type DocApp, type DocProject } from './model.js';
import { entityName } from './process-section.js';

/** The general settings that are on or off, in the order the page lists them. */
const SWITCHES: readonly [string, keyof AppManifest & `enable${string}`][] = [
  ['Thumbnails', 'enableThumbnails'],
  ['Bulk deletion', 'enableBulkDeletion'],
  ['Comments', 'enableComments'],
  ['Duplicate record', 'enableDuplicateRecord'],
  ['Inline editing', 'enableInlineRecordEditing'],
];

/** `yes` or `no` for a setting the manifest gives; nothing for one it leaves out. */
const onOff = (value: boolean | undefined): string | undefined =>
  value === undefined ? undefined : yesNo(value) || 'no';

export function generalSection(app: DocApp): string {
  const m = app.manifest;
  const rows: [string, string | undefined][] = [
    ['Manifest', code(app.manifestFile)],
    [
      'Ids',
      Object.entries(app.ids)
        .map(([env, id]) => `${text(env)}: ${id}`)
        .join(', ') || undefined,
    ],
    ['Description', m.description === undefined ? undefined : text(m.description)],
    ['Icon', m.icon === undefined ? undefined : m.icon.type === 'PRESET' ? m.icon.key : code(m.icon.path)],
    ['Theme', m.theme],
    [
      'Record title',
      m.titleField
        ? m.titleField.code
          ? code(m.titleField.code)
          : m.titleField.selectionMode.toLowerCase()
        : undefined,
    ],
    [
      'Numbers',
      m.numberPrecision
        ? `${String(m.numberPrecision.digits ?? '')} digits, ${String(m.numberPrecision.decimalPlaces ?? '')} decimals, ${m.numberPrecision.roundingMode ?? ''}`
        : undefined,
    ],
    [
      'Fiscal year starts in month',
      m.firstMonthOfFiscalYear === undefined ? undefined : String(m.firstMonthOfFiscalYear),
    ],
    ...SWITCHES.map(([label, key]): [string, string | undefined] => [label, onOff(m[key])]),
  ];
  const shown = rows.filter((r): r is [string, string] => r[1] !== undefined && r[1] !== '');
  return section(2, 'General settings', [table(['Setting', 'Value'], shown)]);
}

const query = (q: string | undefined) => (q ? code(q) : '');

export function viewsSection(m: AppManifest): string {
  if (!m.views) return '';
  const rows = inIndexOrder(Object.entries(m.views)).map(([name, v]) => [
    text(name),
    v.type.toLowerCase(),
    v.type === 'LIST'
      ? (v.fields ?? []).map(code).join(', ')
      : v.type === 'CALENDAR'
        ? `${code(v.date)}, ${code(v.title)}`
        : '',
    query(v.filterCond),
    query(v.sort),
  ]);
  return section(2, 'Views', [table(['View', 'Type', 'Columns', 'Filter', 'Sort'], rows)]);
}

export function notificationsSection(m: AppManifest): string {
  const n = m.notifications;
  if (!n) return '';
  const general = (n.general?.notifications ?? []).map((g) => [
    text(entityName(g)),
    [
      g.recordAdded && 'record added',
      g.recordEdited && 'record edited',
      g.commentAdded && 'comment added',
      g.statusChanged && 'status changed',
      g.fileImported && 'file imported',
    ]
      .filter((x): x is string => typeof x === 'string')
      .join(', '),
  ]);
  const perRecord = (n.perRecord?.notifications ?? []).map((p) => [
    query(p.filterCond),
    text(p.title ?? ''),
    p.targets.map((t) => text(entityName(t))).join(', '),
  ]);
  const reminders = (n.reminder?.notifications ?? []).map((r) => [
    `${code(r.timing.code)} + ${String(r.timing.daysLater)} days${r.timing.hoursLater !== undefined ? ` ${String(r.timing.hoursLater)} hours` : ''}${r.timing.time ? ` at ${r.timing.time}` : ''}`,
    query(r.filterCond),
    text(r.title ?? ''),
    r.targets.map((t) => text(entityName(t))).join(', '),
  ]);
  return section(2, 'Notifications', [
    n.general?.notifyToCommenter ? 'Commenters are notified of comments.' : '',
    table(['Who', 'When'], general),
    perRecord.length
      ? section(3, 'When a record meets a condition', [table(['Condition', 'Title', 'Who'], perRecord)])
      : '',
    reminders.length
      ? section(3, 'Reminders', [
          n.reminder?.timezone ? `Time zone: ${text(n.reminder.timezone)}.` : '',
          table(['When', 'Condition', 'Title', 'Who'], reminders),
        ])
      : '',
  ]);
}

export function reportsSection(m: AppManifest): string {
  if (!m.reports) return '';
  const rows = inIndexOrder(Object.entries(m.reports)).map(([name, r]) => [
    text(name),
    `${r.chartType.toLowerCase()}${r.chartMode ? ` (${r.chartMode.toLowerCase()})` : ''}`,
    r.groups.map((g) => `${code(g.code)}${g.per ? ` per ${g.per.toLowerCase()}` : ''}`).join(', '),
    r.aggregations.map((a) => `${a.type.toLowerCase()}${a.code ? ` of ${code(a.code)}` : ''}`).join(', '),
    query(r.filterCond),
  ]);
  return section(2, 'Reports', [table(['Report', 'Chart', 'Groups', 'Totals', 'Filter'], rows)]);
}

export function actionsSection(m: AppManifest, project: DocProject): string {
  if (!m.actions) return '';
  const rows = inIndexOrder(Object.entries(m.actions)).map(([name, a]) => [
    text(name),
    text(describeAppRef(a.destApp, project)),
    a.mappings
      .map(
        (x) => `${x.srcType === 'RECORD_URL' ? 'record URL' : code(x.srcField ?? '')} → ${code(x.destField)}`,
      )
      .join(', '),
    a.entities.map((e) => text(entityName(e))).join(', '),
    query(a.filterCond),
  ]);
  return section(2, 'Actions', [
    table(['Action', 'Creates a record in', 'Copies', 'Who', 'Shown when'], rows),
  ]);
}

const resource = (r: ResourceSetting | GeneratedResource) =>
  'generated' in r
    ? "generated: the environment's name and app ids"
    : r.type === 'URL'
      ? r.url
      : code(r.path);

export function customizeSection(m: AppManifest): string {
  const c = m.customize;
  if (!c) return '';
  const rows = (['desktop', 'mobile'] as const).flatMap((where) =>
    (['js', 'css'] as const).flatMap((kind) =>
      (c[where]?.[kind] ?? []).map((r) => [where, kind, resource(r)]),
    ),
  );
  return section(2, 'Customization', [
    c.scope ? `Applies to: ${c.scope.toLowerCase()}.` : '',
    table(['Where', 'Kind', 'File'], rows),
  ]);
}

export function pluginsSection(m: AppManifest): string {
  if (!m.plugins?.length) return '';
  const rows = m.plugins.map((p) => [code(p.id), text(p.name ?? ''), p.path ? code(p.path) : '']);
  return section(2, 'Plug-ins', [table(['Id', 'Name', 'Package'], rows)]);
}
