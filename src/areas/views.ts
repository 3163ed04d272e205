/**
 * Views (`app/views.json`): a map from view name to view, ordered by `index` (map order in a
 * manifest). The service's `id` and `name` (the key) are dropped. A PUT replaces the whole map:
 * views left out are deleted, so the write sends every desired view.
 *
 * The built-in view "(Assigned to me)" (`builtinType: "ASSIGNEE"`, the official client's
 * app/view.d.ts) is the platform's, not the user's: it exists while process management is on,
 * plan never removes it, export leaves it out, and a write sends it back unchanged, in its place,
 * because Update Views deletes every view a PUT leaves out and its documentation asks that this
 * one be named while process management is on (cybozu.dev "一覧の設定を変更する", `views.一覧名`).
 */
import { byIndex, orderedMap } from './manifest-order.js';
import { settingsEndpoint, tokenRefusedCalls } from '../platform/index.js';
import { flag, oneOf, orderByIndex, sortKeys, text } from './canonical.js';
import { asList, asRecord, oneWrite } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { View } from '../client/types/views.js';
import type { AppManifest, ViewSetting } from '../project/manifest.js';
import type { Area, ReadContext, TokenNeed } from './types.js';

/** The official client's ViewType (app/view.d.ts), as the schema's enum. */
const VIEW_TYPES = ['LIST', 'CALENDAR', 'CUSTOM'] as const;
const DEVICES = ['DESKTOP', 'ANY'] as const;
const BUILT_IN = 'ASSIGNEE';

type ViewCommon = { filterCond: string; sort: string; builtinType?: typeof BUILT_IN; index: string };

/** One view in canonical form: the client's View but for its name, which is the map's key. */
export type ViewCanonical =
  | (ViewCommon & { type: 'LIST'; fields: string[] })
  | (ViewCommon & { type: 'CALENDAR'; date: string; title: string })
  | (ViewCommon & { type: 'CUSTOM'; html: string; pager: boolean; device: (typeof DEVICES)[number] });

export type ViewsCanonical = Record<string, ViewCanonical>;

/** A view before orderByIndex gives each its position (each type of view alike). */
type Unordered<V> = V extends ViewCanonical ? Omit<V, 'index'> & { index?: string } : never;
type UnorderedView = Unordered<ViewCanonical>;

/**
 * One view in canonical form, from a manifest or the service alike. Defaults of the hosted
 * platform's Update Views: `filterCond` and `sort` empty, a LIST without columns. For CUSTOM
 * views, `pager: true` and `device: 'DESKTOP'` are a best guess of what the hosted platform
 * stores when a request leaves them out (its documentation, as recalled; not verified here).
 * A type or device outside the platform's (which the schema's enums refuse) reads as LIST or
 * DESKTOP.
 */
function view(value: unknown): UnorderedView {
  const v = asRecord(value);
  const common: Omit<ViewCommon, 'index'> & { index?: string } = {
    filterCond: text(v.filterCond),
    sort: text(v.sort),
  };
  if (v.builtinType === BUILT_IN) common.builtinType = BUILT_IN;
  // Only for ordering: orderByIndex rewrites it as the position.
  if (typeof v.index === 'string' || typeof v.index === 'number') common.index = String(v.index);
  const type = oneOf(v.type, VIEW_TYPES, 'LIST');
  switch (type) {
    case 'LIST':
      return { type, ...common, fields: asList(v.fields).map((f) => text(f)) };
    case 'CALENDAR':
      return { type, ...common, date: text(v.date), title: text(v.title) };
    case 'CUSTOM':
      return {
        type,
        ...common,
        html: text(v.html),
        pager: flag(v.pager, true),
        device: oneOf(v.device, DEVICES, 'DESKTOP'),
      };
  }
}

function isBuiltIn(view: ViewCanonical | undefined): boolean {
  return view?.builtinType === BUILT_IN;
}

/**
 * The user's views: every view but the built-in ones, which plan and export leave alone, each
 * `index` its position among them (a built-in view ahead of them does not move them).
 */
function userViews(views: ViewsCanonical): ViewsCanonical {
  if (!Object.values(views).some(isBuiltIn)) return views;
  const kept = byIndex(views).filter(([, v]) => !isBuiltIn(v));
  return Object.fromEntries(kept.map(([name, v], index) => [name, { ...v, index: String(index) }]));
}

/** A view as Update Views takes it: named, at its position, without the service's builtinType. */
function viewToWrite(v: ViewCanonical, name: string, index: number): View {
  const { builtinType: _builtIn, ...rest } = v;
  return { ...rest, index: String(index), name };
}

/**
 * The views a PUT sends: the desired ones, with each built-in view of the current copy put back
 * unchanged at the place it holds now; `index` is the position in the result.
 */
function viewsToWrite(desired: ViewsCanonical, current: ViewsCanonical): Record<string, View> {
  // By index, not the object's order (a name that is a whole number comes first in an object).
  const order: [string, ViewCanonical][] = byIndex(desired);
  byIndex(current).forEach(([name, v], position) => {
    if (isBuiltIn(v)) order.splice(Math.min(position, order.length), 0, [name, v]);
  });
  return Object.fromEntries(order.map(([name, v], index) => [name, viewToWrite(v, name, index)]));
}

/** Views keyed by name, each canonical, `index` rewritten as the position. */
function canonicalViews(views: Readonly<Record<string, unknown>>): ViewsCanonical {
  const items = Object.fromEntries(Object.entries(views).map(([name, v]) => [name, view(v)]));
  const ordered = orderByIndex(items);
  return Object.fromEntries(Object.entries(ordered).map(([name, v]) => [name, sortKeys(v)]));
}

async function read(ctx: ReadContext): Promise<{ value: ViewsCanonical; revision: string }> {
  const { views, revision } = await ctx.client.settings.getViews({ app: ctx.app, copy: ctx.copy });
  return { value: canonicalViews(views), revision };
}

/** A view for a manifest: its position is the map's order, and defaults are left out. */
function viewToManifest(v: ViewCanonical): ViewSetting {
  const common = {
    ...(v.filterCond !== '' ? { filterCond: v.filterCond } : {}),
    ...(v.sort !== '' ? { sort: v.sort } : {}),
  };
  switch (v.type) {
    case 'LIST':
      return { type: v.type, ...common, ...(v.fields.length > 0 ? { fields: v.fields } : {}) };
    case 'CALENDAR':
      return { type: v.type, ...common, date: v.date, title: v.title };
    case 'CUSTOM':
      return {
        type: v.type,
        ...common,
        html: v.html,
        ...(v.pager === false ? { pager: false } : {}),
        ...(v.device !== 'DESKTOP' ? { device: v.device } : {}),
      };
  }
}

/**
 * Update Views refuses an API token when a view is a Customize (CUSTOM) one; Get Views takes
 * tokens (the catalogue's rule and its evidence: platform/settings-catalogue.ts).
 */
function customViewNeed(desired: ViewsCanonical): TokenNeed | null {
  if (!Object.values(desired).some((view) => view.type === 'CUSTOM')) return null;
  return {
    action: 'write views that include a custom (CUSTOM) view',
    calls: tokenRefusedCalls(settingsEndpoint('views')),
  };
}

export const viewsArea: Area<ViewsCanonical, 'views'> = {
  key: 'views',
  // Its columns, filters and sorts name fields; alone and before the process, as apply has
  // always written it.
  phases: [{ name: 'views', after: ['fields-references'] }],
  itemNoun: 'view',
  fromManifest: (m: AppManifest) => (m.views === undefined ? undefined : canonicalViews(m.views)),
  toManifest: (c) => ({
    views: orderedMap(byIndex(userViews(c)).map(([name, v]) => [name, viewToManifest(v)] as const)),
  }),
  read,
  token: { write: customViewNeed },
  // The user's views on both sides: a desired state read from the service (what a saved plan
  // saw, compared again at apply: apply/moved-areas.ts) holds the built-in view too.
  diff: (desired, current) => diffMap(userViews(desired), userViews(current)),
  unchangedCount: (desired, current) => unchangedInMap(userViews(desired), userViews(current)),
  writes: (desired, current) =>
    oneWrite('views', diffMap(desired, userViews(current)), async (wctx, revision) => {
      const result = await wctx.client.settings.updateViews({
        app: wctx.app,
        views: viewsToWrite(desired, current),
        revision,
      });
      return result.revision;
    }),
};
