/**
 * Edits of the other settings areas: layout, views (naming fields and statuses), process
 * management (statuses renamed with `renamedFrom` and followed by the actions and queries naming
 * them, removed with what names them, actions and their conditions), the app, record and field
 * ACLs, the three kinds of notifications, reports, actions into the other app, customization
 * files, and the app's general settings. Users, groups and organisations are the ones
 * test/support/example-directory.ts defines.
 */
import { APP_RIGHT_FLAGS } from '../../../src/platform/index.js';
import { dropNaming, namingStatus } from './drop.js';
import type { Edit } from './field-edits.js';
import { plain, topFields, type Draw } from './pick.js';
import type { Manifests } from './world.js';

const GROUPS = ['sales', 'everyone', 'support', 'support-leads', 'on-call'];
const group = (d: Draw) => ({ type: 'GROUP', code: d.pick(GROUPS)! });

/** Fields a list view may show: no table columns, no groups, no related records. */
const listable = (m: Manifests, app: string) => topFields(m, app, (f) => plain(f)).map(([c]) => c);
const ofType = (m: Manifests, app: string, ...types: string[]) =>
  topFields(m, app, (f) => types.includes(f.type) && !f.lookup).map(([c]) => c);

function shuffle<T>(items: T[], d: Draw): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(d.rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const editLayout: Edit = (m, app, d) => {
  const layout = m[app]!.layout as any[];
  const rows = layout.filter((b) => b.type === 'ROW' && b.fields.length > 1);
  const row = d.pick(rows);
  if (d.chance(0.5) || !row) {
    m[app]!.layout = shuffle(layout, d);
    return `reorder the layout of ${app}`;
  }
  const element = d.pick<any>(row.fields.filter((f: any) => f.code !== undefined));
  if (element && d.chance(0.5)) {
    element.size = { ...(element.size ?? {}), width: 100 + Math.floor(d.rnd() * 300) };
    return `resize ${app}.${element.code} in the layout`;
  }
  row.fields = shuffle(row.fields, d);
  return `reorder a row of ${app}'s layout`;
};

function someFilter(m: Manifests, app: string, d: Draw): Record<string, string> {
  const drop = d.pick(topFields(m, app, (f) => f.type === 'DROP_DOWN' && !f.lookup));
  if (!drop || d.chance(0.3)) return {};
  return { filterCond: `${drop[0]} in ("${d.pick(Object.keys(drop[1].options))}")` };
}

function someSort(m: Manifests, app: string, d: Draw): Record<string, string> {
  const by = d.pick(ofType(m, app, 'NUMBER', 'DATE', 'SINGLE_LINE_TEXT'));
  return by && d.chance(0.7) ? { sort: `${by} ${d.pick(['asc', 'desc'])}` } : {};
}

const editViews: Edit = (m, app, d) => {
  const views = (m[app]!.views ??= {}) as Record<string, any>;
  const names = Object.keys(views);
  const roll = d.rnd();
  if (roll < 0.2 && names.length > 0) {
    const gone = d.pick(names)!;
    delete views[gone];
    return `remove view "${gone}" of ${app}`;
  }
  if (roll < 0.35 && names.length > 0) {
    const from = d.pick(names)!;
    const to = d.fresh('View ');
    m[app]!.views = Object.fromEntries(Object.entries(views).map(([k, v]) => [k === from ? to : k, v]));
    return `rename view "${from}" of ${app} to "${to}"`;
  }
  const lists = names.filter((n) => views[n].type === 'LIST');
  if (roll < 0.55 && lists.length > 0) {
    const name = d.pick(lists)!;
    views[name].fields = shuffle(listable(m, app), d).slice(0, 1 + Math.floor(d.rnd() * 4));
    return `change the columns of view "${name}" of ${app}`;
  }
  const name = d.fresh('View ');
  const dates = ofType(m, app, 'DATE');
  if (roll < 0.7 && dates.length > 0) {
    views[name] = {
      type: 'CALENDAR',
      date: d.pick(dates),
      title: d.pick(ofType(m, app, 'SINGLE_LINE_TEXT')),
    };
    if (views[name].title === undefined) delete views[name].title;
  } else
    views[name] = {
      type: 'LIST',
      fields: shuffle(listable(m, app), d).slice(0, 1 + Math.floor(d.rnd() * 4)),
      ...someFilter(m, app, d),
      ...someSort(m, app, d),
    };
  return `add view "${name}" (${views[name].type}) to ${app}`;
};

/** Replaces the status name in every query of the app (`Status in ("Old")`) and the actions. */
function renameStatusEverywhere(a: Record<string, any>, from: string, to: string): void {
  const text = JSON.stringify(a).split(`\\"${from}\\"`).join(`\\"${to}\\"`);
  Object.assign(a, JSON.parse(text));
  for (const action of a.process.actions ?? []) {
    if (action.from === from) action.from = to;
    if (action.to === from) action.to = to;
  }
}

const editProcess: Edit = (m, _app, d) => {
  const app = 'tickets';
  const a = m[app]!;
  const states = a.process.states as Record<string, any>;
  const names = Object.keys(states);
  const later = names.slice(1);
  const roll = d.rnd();
  if (roll < 0.25) {
    const from = d.pick(names)!;
    const to = d.fresh('Stage ');
    a.process.states = Object.fromEntries(
      Object.entries(states).map(([k, v]) =>
        k === from ? [to, { ...(v ?? {}), renamedFrom: from }] : [k, v],
      ),
    );
    renameStatusEverywhere(a, from, to);
    return `rename status "${from}" to "${to}" (renamedFrom), and the actions and queries naming it`;
  }
  if (roll < 0.45 && later.length > 2) {
    const gone = d.pick(later)!;
    delete states[gone];
    a.process.actions = a.process.actions.filter((x: any) => x.from !== gone && x.to !== gone);
    dropNaming(m, app, namingStatus(gone));
    return `remove status "${gone}", its actions and what names it`;
  }
  const actions = a.process.actions as any[];
  if (roll < 0.6 && actions.length > 0) {
    const action = d.pick(actions)!;
    const from = action.name;
    action.name = d.fresh('Do ');
    return `rename action "${from}" to "${action.name}"`;
  }
  if (roll < 0.75 && actions.length > 0) {
    const action = d.pick(actions)!;
    if (action.filterCond !== undefined) delete action.filterCond;
    else action.filterCond = someFilter(m, app, d).filterCond ?? 'subject != ""';
    return `change the condition of action "${action.name}"`;
  }
  const name = d.fresh('Stage ');
  const from = d.pick(names)!;
  states[name] = { assignee: { type: 'ANY', entities: [{ entity: group(d) }] } };
  actions.push({ name: d.fresh('Go '), from, to: name, type: 'PRIMARY' });
  if (d.chance(0.5)) actions.push({ name: d.fresh('Back '), from: name, to: from, type: 'PRIMARY' });
  return `add status "${name}" after "${from}"`;
};

/** The app rights, as the platform names them. */
const RIGHTS = APP_RIGHT_FLAGS;

const editAppAcl: Edit = (m, app, d) => {
  const acl = (m[app]!.appAcl ??= [
    { entity: { type: 'CREATOR' }, ...Object.fromEntries(RIGHTS.map((r) => [r, true])) },
  ]) as any[];
  const roll = d.rnd();
  if (roll < 0.3 && acl.length > 1) {
    acl.splice(Math.floor(d.rnd() * acl.length), 1);
    return `remove an app ACL rule of ${app}`;
  }
  if (roll < 0.6) {
    const rule = d.pick(acl)!;
    const right = d.pick(RIGHTS.slice(1))!;
    rule[right] = !(rule[right] === true);
    return `toggle ${right} in an app ACL rule of ${app}`;
  }
  const entity = group(d);
  if (acl.some((r) => r.entity.code === entity.code)) return null;
  acl.splice(acl.length - 1, 0, { entity, recordViewable: true, recordAddable: d.chance(0.5) });
  return `add an app ACL rule for group ${entity.code} to ${app}`;
};

const editRecordAcl: Edit = (m, app, d) => {
  const acl = (m[app]!.recordAcl ??= []) as any[];
  if (acl.length > 0 && d.chance(0.35)) {
    acl.splice(Math.floor(d.rnd() * acl.length), 1);
    return `remove a record ACL rule of ${app}`;
  }
  acl.push({
    filterCond: someFilter(m, app, d).filterCond ?? '',
    entities: [
      // Mostly the administrator apply signs in as first, with view and edit: a rule that may
      // hide records from it blocks removing a field or an option (src/plan/records-visible.ts).
      ...(d.chance(0.7)
        ? [{ entity: { type: 'USER', code: 'admin' }, viewable: true, editable: true, deletable: true }]
        : []),
      { entity: group(d), viewable: true, editable: d.chance(0.5), deletable: false },
      {
        entity: { type: 'GROUP', code: 'everyone' },
        viewable: d.chance(0.5),
        editable: false,
        deletable: false,
      },
    ],
  });
  return `add a record ACL rule to ${app}`;
};

const editFieldAcl: Edit = (m, app, d) => {
  const acl = (m[app]!.fieldAcl ??= []) as any[];
  if (acl.length > 0 && d.chance(0.35)) {
    acl.splice(Math.floor(d.rnd() * acl.length), 1);
    return `remove a field ACL rule of ${app}`;
  }
  const field = d.pick(listable(m, app).filter((c) => !acl.some((r) => r.field === c)));
  if (field === undefined) return null;
  acl.push({
    field,
    entities: [
      { entity: group(d), accessibility: 'WRITE' },
      { entity: { type: 'GROUP', code: 'everyone' }, accessibility: d.pick(['READ', 'NONE']) },
    ],
  });
  return `add a field ACL rule for ${app}.${field}`;
};

const editNotifications: Edit = (m, app, d) => {
  const n = (m[app]!.notifications ??= {}) as Record<string, any>;
  const kind = d.pick(['general', 'perRecord', 'reminder'])!;
  const part = (n[kind] ??= { notifications: [] });
  part.notifications ??= [];
  const list = part.notifications as any[];
  if (list.length > 0 && d.chance(0.35)) {
    list.splice(Math.floor(d.rnd() * list.length), 1);
    return `remove a ${kind} notification of ${app}`;
  }
  const entity = group(d);
  if (kind === 'general') {
    if (list.some((x) => x.entity.code === entity.code)) return null;
    list.push({ entity, recordAdded: true, commentAdded: d.chance(0.5) });
  } else if (kind === 'perRecord')
    list.push({
      filterCond: someFilter(m, app, d).filterCond ?? '',
      title: d.fresh('Note '),
      targets: [{ entity }],
    });
  else {
    const date = d.pick(ofType(m, app, 'DATE', 'DATETIME'));
    if (date === undefined) return null;
    part.timezone ??= 'Asia/Tokyo';
    // A date takes the time of day; a date and time, hours after it.
    const at =
      m[app]!.fields[date].type === 'DATE' ? { time: '08:00' } : { hoursLater: Math.floor(d.rnd() * 8) };
    list.push({
      timing: { code: date, daysLater: Math.floor(d.rnd() * 5) - 2, ...at },
      filterCond: someFilter(m, app, d).filterCond ?? '',
      title: d.fresh('Reminder '),
      targets: [{ entity }],
    });
  }
  return `add a ${kind} notification to ${app}`;
};

const editReports: Edit = (m, app, d) => {
  const reports = (m[app]!.reports ??= {}) as Record<string, any>;
  const names = Object.keys(reports);
  if (names.length > 0 && d.chance(0.35)) {
    const gone = d.pick(names)!;
    delete reports[gone];
    return `remove report "${gone}" of ${app}`;
  }
  const by = d.pick(ofType(m, app, 'DROP_DOWN', 'RADIO_BUTTON', 'SINGLE_LINE_TEXT'));
  if (by === undefined) return null;
  const sum = d.pick(ofType(m, app, 'NUMBER'));
  const name = d.fresh('Report ');
  reports[name] = {
    chartType: d.pick(['BAR', 'COLUMN', 'PIE', 'TABLE'])!,
    groups: [{ code: by }],
    aggregations: [sum !== undefined && d.chance(0.5) ? { type: 'SUM', code: sum } : { type: 'COUNT' }],
    ...someFilter(m, app, d),
    sorts: [{ by: 'TOTAL', order: 'DESC' }],
  };
  if (['BAR', 'COLUMN'].includes(reports[name].chartType)) reports[name].chartMode = 'NORMAL';
  return `add report "${name}" to ${app}`;
};

/** A copy-record action from customers into deals, text into text. */
const editActions: Edit = (m, _app, d) => {
  const actions = (m.customers!.actions ??= {}) as Record<string, any>;
  const names = Object.keys(actions);
  if (names.length > 0 && d.chance(0.35)) {
    const gone = d.pick(names)!;
    delete actions[gone];
    return `remove action "${gone}" of customers`;
  }
  const src = d.pick(ofType(m, 'customers', 'SINGLE_LINE_TEXT'));
  const dest = d.pick(ofType(m, 'deals', 'SINGLE_LINE_TEXT'));
  if (src === undefined || dest === undefined) return null;
  const name = d.fresh('Action ');
  actions[name] = {
    destApp: { app: 'deals' },
    mappings: [{ srcType: 'FIELD', srcField: src, destField: dest }],
    entities: [group(d)],
  };
  return `add action "${name}" (customers.${src} to deals.${dest})`;
};

/** Customization: URLs and files beside the manifest (`files` receives the files to write). */
export function editCustomize(files: Record<string, string>): Edit {
  return (m, app, d) => {
    const c = (m[app]!.customize ??= {
      scope: 'ALL',
      desktop: { js: [], css: [] },
      mobile: { js: [], css: [] },
    });
    const js = c.desktop.js as any[];
    if (js.length > 0 && d.chance(0.35)) {
      js.splice(Math.floor(d.rnd() * js.length), 1);
      return `remove a desktop script of ${app}`;
    }
    if (d.chance(0.5)) {
      js.push({ type: 'URL', url: `https://cdn.example.com/${d.fresh('lib')}.js` });
      return `add a script URL to ${app}`;
    }
    const path = `customize/${d.fresh(`${app}-`)}.js`;
    files[path] = `// ${path}\nconsole.log(${JSON.stringify(path)});\n`;
    js.push({ type: 'FILE', path });
    return `add script file ${path} to ${app}`;
  };
}

const THEMES = ['WHITE', 'RED', 'GREEN', 'BLUE', 'YELLOW', 'BLACK'];

const editGeneral: Edit = (m, app, d) => {
  const a = m[app]!;
  switch (d.pick(['name', 'description', 'theme', 'comments', 'icon'] as const)!) {
    case 'name':
      a.name = d.fresh(`${app} `);
      return `rename app ${app} to "${a.name}"`;
    case 'description':
      a.description = `<p>${d.fresh('About ')}</p>`;
      return `change the description of ${app}`;
    case 'theme':
      a.theme = d.pick(THEMES);
      return `theme ${a.theme} for ${app}`;
    case 'comments':
      a.enableComments = !(a.enableComments === true);
      return `enableComments ${a.enableComments} in ${app}`;
    case 'icon':
      a.icon = { type: 'PRESET', key: `APP${10 + Math.floor(d.rnd() * 60)}` };
      return `icon ${a.icon.key} for ${app}`;
  }
};

export const SETTINGS_EDITS: Record<string, Edit> = {
  editLayout,
  editViews,
  editProcess,
  editAppAcl,
  editRecordAcl,
  editFieldAcl,
  editNotifications,
  editReports,
  editActions,
  editGeneral,
};
