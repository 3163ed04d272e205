/**
 * What a person removing fields (or a status) by hand takes out with them: every layout element,
 * view, report, notification, ACL rule and action that names one; an action's condition and an
 * assignee naming one are dropped from the process instead of the whole action or status.
 */
import { mentions } from './references.js';
import type { Manifests } from './world.js';

/** Whether a part of a manifest names something being removed. */
export type Names = (node: unknown) => boolean;

/** Names any of these fields' codes. */
export const namingFields =
  (codes: readonly string[]): Names =>
  (node) =>
    codes.some((c) => mentions(node, c));

/** Names status `name` in a query (`Status in ("Triage")`) or an action's `from`/`to`. */
export const namingStatus =
  (name: string): Names =>
  (node) =>
    JSON.stringify(node ?? null).includes(JSON.stringify(`"${name}"`).slice(1, -1)) ||
    (typeof node === 'object' && node !== null && ((node as any).from === name || (node as any).to === name));

function dropFromLayout(layout: any[], codes: readonly string[]): any[] {
  const out: any[] = [];
  for (const block of layout) {
    if ((block.type === 'SUBTABLE' || block.type === 'GROUP') && codes.includes(block.code)) continue;
    if (block.type === 'GROUP') {
      out.push({ ...block, layout: dropFromLayout(block.layout ?? [], codes) });
      continue;
    }
    const fields = (block.fields ?? []).filter((f: any) => !codes.includes(f.code));
    if (fields.length > 0) out.push({ ...block, fields });
  }
  return out;
}

function dropEntries<T>(list: T[] | undefined, names: Names): T[] | undefined {
  return list?.filter((item) => !names(item));
}

function dropMapEntries(map: Record<string, unknown> | undefined, names: Names) {
  if (map === undefined) return undefined;
  return Object.fromEntries(Object.entries(map).filter(([, v]) => !names(v)));
}

/** Takes out of app `app` everything `names` accepts; `fieldCodes` go from its layout too. */
export function dropNaming(
  m: Manifests,
  app: string,
  names: Names,
  fieldCodes: readonly string[] = [],
): void {
  const a = m[app]!;
  if (fieldCodes.length > 0 && a.layout) a.layout = dropFromLayout(a.layout, fieldCodes);
  if (a.titleField && names(a.titleField)) delete a.titleField;
  a.views = dropMapEntries(a.views, names);
  a.reports = dropMapEntries(a.reports, names);
  a.actions = dropMapEntries(a.actions, names);
  if (a.recordAcl) a.recordAcl = dropEntries(a.recordAcl, names);
  if (a.fieldAcl) a.fieldAcl = dropEntries(a.fieldAcl, names);
  const n = a.notifications;
  if (n?.general?.notifications) n.general.notifications = dropEntries(n.general.notifications, names);
  if (n?.perRecord?.notifications) n.perRecord.notifications = dropEntries(n.perRecord.notifications, names);
  if (n?.reminder?.notifications) n.reminder.notifications = dropEntries(n.reminder.notifications, names);
  if (a.process) {
    for (const action of a.process.actions ?? []) {
      if (names(action.filterCond ?? '')) delete action.filterCond;
      if (action.executableUser)
        action.executableUser.entities = dropEntries(action.executableUser.entities, names);
    }
    for (const state of Object.values<any>(a.process.states ?? {}))
      if (state?.assignee?.entities) state.assignee.entities = dropEntries(state.assignee.entities, names);
  }
}
