/**
 * Copy-record actions (`app/actions.json`): a map from action name to action, ordered by `index`
 * (map order in a manifest); the service's `id` and `name` (the key) are dropped. The destination
 * app is `{app: id}` from a project key or id, or `{code}`; the service answers both `app` and
 * `code`, so the current value keeps both and is compared in the form the manifest chose.
 */
import { appRef, defined, entity, orderByIndex, sortKeys, text } from './canonical.js';
import { appRefToManifest, asList, asRecord, oneWrite, togetherPhase } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { CopyActions } from '../client/types/actions.js';
import type { AppManifest, CopyActionSetting } from '../project/manifest.js';
import type { Area, Change, ExportContext, Json, JsonObject, ResolveContext, WriteContext } from './types.js';

export type ActionsCanonical = Record<string, JsonObject>;

/** The destination as the service answers it: its id and, when the app has one, its code. */
function serviceDestApp(value: Json | undefined): JsonObject {
  const ref = asRecord(value);
  const app = typeof ref.app === 'string' || typeof ref.app === 'number' ? String(ref.app) : '';
  const code = text(ref.code);
  return app === '' ? { code } : defined({ app, code: code === '' ? undefined : code });
}

function action(value: unknown, destApp: JsonObject): JsonObject {
  const a = asRecord(value);
  const out: JsonObject = {
    destApp,
    // srcField is empty for a RECORD_URL mapping (it copies this record's URL, no field).
    mappings: asList(a.mappings).map((m) => {
      const mapping = asRecord(m);
      return {
        srcType: text(mapping.srcType),
        srcField: text(mapping.srcField),
        destField: text(mapping.destField),
      };
    }),
    entities: asList(a.entities).map(entity),
    filterCond: text(a.filterCond),
  };
  // Only for ordering: orderByIndex rewrites it as the position.
  if (typeof a.index === 'string' || typeof a.index === 'number') out.index = String(a.index);
  return out;
}

function ordered(items: Record<string, JsonObject>): ActionsCanonical {
  return Object.fromEntries(Object.entries(orderByIndex(items)).map(([name, a]) => [name, sortKeys(a)]));
}

function fromManifest(m: AppManifest, ctx: ResolveContext): ActionsCanonical | undefined {
  if (m.actions === undefined) return undefined;
  return ordered(
    Object.fromEntries(
      Object.entries(m.actions).map(([name, a]) => [name, action(a, appRef(asRecord(a).destApp, ctx))]),
    ),
  );
}

/**
 * The current actions with each destination in the form the desired one uses (`{app}` or
 * `{code}`), so that naming the same app another way is no change.
 */
export function alignDestinations(desired: ActionsCanonical, current: ActionsCanonical): ActionsCanonical {
  const out: ActionsCanonical = {};
  for (const [name, have] of Object.entries(current)) {
    const want = desired[name] && asRecord(desired[name].destApp);
    const dest = asRecord(have.destApp);
    out[name] =
      want && dest.app !== undefined && dest.code !== undefined
        ? { ...have, destApp: 'app' in want ? { app: dest.app } : { code: dest.code } }
        : { ...have, destApp: dest.app !== undefined ? { app: dest.app } : dest };
  }
  return out;
}

function actionToManifest(a: JsonObject, ctx: ExportContext): CopyActionSetting {
  const out: JsonObject = {
    destApp: appRefToManifest(a.destApp, ctx),
    mappings: asList(a.mappings).map((m) => {
      const mapping = asRecord(m);
      return mapping.srcField === ''
        ? { srcType: mapping.srcType ?? '', destField: mapping.destField ?? '' }
        : mapping;
    }),
    entities: a.entities ?? [],
  };
  if (a.filterCond !== '') out.filterCond = a.filterCond ?? '';
  return out as unknown as CopyActionSetting;
}

/** The map as the PUT takes it: the name inside, the app resolved, no empty srcField. */
function forWrite(desired: ActionsCanonical, wctx: WriteContext): CopyActions {
  const actions = Object.entries(desired).map(([name, a]) => {
    const dest = asRecord(a.destApp);
    const destApp = typeof dest.app === 'string' ? { app: wctx.resolveApp(dest.app) } : dest;
    const mappings = asList(a.mappings).map((m) => {
      const { srcField, ...rest } = asRecord(m);
      return srcField === '' ? rest : { ...rest, srcField };
    });
    return [name, { ...a, name, destApp, mappings }] as const;
  });
  return Object.fromEntries(actions) as unknown as CopyActions;
}

const diff = (desired: ActionsCanonical, current: ActionsCanonical): Change[] =>
  diffMap(desired, alignDestinations(desired, current));

export const actionsArea: Area<ActionsCanonical, 'actions'> = {
  key: 'actions',
  phases: togetherPhase('actions'),
  itemNoun: 'action',
  fromManifest,
  toManifest: (c, ctx) => ({
    actions: Object.fromEntries(Object.entries(c).map(([name, a]) => [name, actionToManifest(a, ctx)])),
  }),
  async read(ctx) {
    const { actions, revision } = await ctx.client.settings.getActions({ app: ctx.app, copy: ctx.copy });
    const items = Object.entries(actions).map(
      ([name, a]) => [name, action(a, serviceDestApp(asRecord(a).destApp))] as const,
    );
    return { value: ordered(Object.fromEntries(items)), revision };
  },
  diff,
  unchangedCount: (desired, current) => unchangedInMap(desired, alignDestinations(desired, current)),
  writes: (desired, current) =>
    oneWrite('actions', diff(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateActions({
        app: wctx.app,
        actions: forWrite(desired, wctx),
        revision,
      });
      return result.revision;
    }),
};
