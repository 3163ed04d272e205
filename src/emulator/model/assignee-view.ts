/**
 * The built-in view "(Assigned to me)" that the hosted platform keeps in every app whose process
 * management is on. Evidence:
 * - the official client's types (`app/view.d.ts`): a view of a GET answer may carry
 *   `builtinType?: "ASSIGNEE"`; no other value exists, and normal views carry no such key (a
 *   recorded Get Views answer in a public project's fixture shows the key only on that view);
 * - kintone's Update Views documentation (cybozu.dev, "一覧の設定を変更する"): views left out of
 *   a PUT are deleted, and while process management is on the request must name "(作業者が自分)";
 * - CData's kintone connector documentation (Views table): builtinType is output only for the
 *   view named "(作業者が自分)", and its sample sends "(Assigned to me)" as a LIST with
 *   `filterCond: "Assignee in (LOGINUSER())"` and index 0.
 * Not settled by the evidence (our choice, said in the report): where a newly enabled process
 * puts the view (here: first), its columns and sort (here: the record number, as a new app's
 * first view), and what happens to it when process management is turned off (here: it goes).
 */
import type { Lang } from '../messages/lang.js';
import type { AppSettings, JsonObject } from './app.js';

export const ASSIGNEE = 'ASSIGNEE';

/** Its name in the language of the request that turned process management on (en for zh too). */
export function assigneeViewName(lang: Lang | undefined): string {
  return lang === 'ja' ? '(作業者が自分)' : '(Assigned to me)';
}

export function isAssigneeView(view: JsonObject | undefined): boolean {
  return view?.builtinType === ASSIGNEE;
}

/** The name of the app's built-in view, if it has one. */
export function assigneeViewOf(views: Readonly<Record<string, JsonObject>>): string | undefined {
  return Object.keys(views).find((name) => isAssigneeView(views[name]));
}

function codeOfType(settings: AppSettings, type: string, fallback: string): string {
  const found = Object.values(settings.properties).find((f) => f.type === type);
  return typeof found?.code === 'string' ? found.code : fallback;
}

/**
 * The settings with the built-in view present exactly while process management is on: added
 * first (the other views move one place down) when it is missing, removed when the process is off.
 */
export function syncAssigneeView(
  settings: AppSettings,
  lang: Lang | undefined,
  newId: () => string,
): AppSettings {
  const existing = assigneeViewOf(settings.views);
  const enabled = settings.process.enable === true;
  if (enabled === (existing !== undefined)) return settings;
  if (!enabled) {
    const views = { ...settings.views };
    delete views[existing!];
    return { ...settings, views };
  }
  const name = assigneeViewName(lang);
  const recordNumber = codeOfType(settings, 'RECORD_NUMBER', 'Record_number');
  const view: JsonObject = {
    type: 'LIST',
    name,
    id: newId(),
    index: '0',
    builtinType: ASSIGNEE,
    filterCond: `${codeOfType(settings, 'STATUS_ASSIGNEE', 'Assignee')} in (LOGINUSER())`,
    sort: `${recordNumber} desc`,
    fields: [recordNumber],
  };
  const views: Record<string, JsonObject> = { [name]: view };
  for (const [other, v] of Object.entries(settings.views))
    views[other] = { ...v, index: String(Number(v.index ?? 0) + 1) };
  return { ...settings, views };
}

/** A view as GET answers it: `builtinType` only on the built-in view (older stores kept a null). */
export function viewAnswer(view: JsonObject): JsonObject {
  if (view.builtinType === ASSIGNEE || !('builtinType' in view)) return view;
  const { builtinType: _none, ...rest } = view;
  return rest;
}

/**
 * The views a PUT leaves: the built-in view keeps its `builtinType` when the PUT names it, other
 * views never carry one (a caller echoing a GET may send `builtinType`; it is not theirs to set).
 * While process management is on, a PUT that leaves the built-in view out is refused: the
 * documentation asks for it to be named, and refusing here catches a deployer that would drop
 * it (what the hosted platform does instead is not recorded; see the report).
 */
export function viewsAfterPut(
  current: Readonly<Record<string, JsonObject>>,
  written: Record<string, JsonObject>,
  processEnabled: boolean,
): { views: Record<string, JsonObject>; missing?: string } {
  const builtin = assigneeViewOf(current);
  if (builtin !== undefined && processEnabled && !(builtin in written))
    return { views: written, missing: builtin };
  const views: Record<string, JsonObject> = {};
  for (const [name, view] of Object.entries(written)) {
    const { builtinType: _given, ...rest } = view;
    views[name] = name === builtin ? { ...rest, builtinType: ASSIGNEE } : rest;
  }
  return { views };
}
