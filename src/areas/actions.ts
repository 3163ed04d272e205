/**
 * Copy-record actions (`app/actions.json`): a map from action name to action, ordered by `index`
 * (map order in a manifest); the service's `id` and `name` (the key) are dropped. The destination
 * app is `{app: id}` from a project key or id, or `{code}`; the service answers both `app` and
 * `code`, so the current value keeps both and is compared in the form the manifest chose.
 */
import { byIndex, orderedMap } from './manifest-order.js';
import { appRef, oneOf, orderByIndex, sortKeys, text } from './canonical.js';
import { appRefToManifest, asList, asRecord, oneWrite, togetherPhase } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { CopyAction } from '../client/types/actions.js';
import type { AppManifest, CopyActionSetting } from '../project/manifest.js';
import type { Area, Change, ExportContext, Json, ResolveContext, WriteContext } from './types.js';

/**
 * Who may use an action: users, groups and organizations only, each with a code (the official
 * client's app/action.d.ts takes `Entity` of entity.d.ts; the schema's enum is the same).
 */
const ACTION_ENTITY_TYPES = ['USER', 'GROUP', 'ORGANIZATION'] as const;
const SOURCE_TYPES = ['FIELD', 'RECORD_URL'] as const;

/** The destination: by id (with the app's code when the service answers one), or by code. */
type DestAppCanonical = { app: string; code?: string } | { code: string };

type ActionCanonical = {
  destApp: DestAppCanonical;
  /** srcField is empty for a RECORD_URL mapping (it copies this record's URL, no field). */
  mappings: { srcType: (typeof SOURCE_TYPES)[number]; srcField: string; destField: string }[];
  entities: { type: (typeof ACTION_ENTITY_TYPES)[number]; code: string }[];
  filterCond: string;
  index: string;
};

export type ActionsCanonical = Record<string, ActionCanonical>;

/** The destination as the service answers it: its id and, when the app has one, its code. */
function serviceDestApp(value: Json | undefined): DestAppCanonical {
  const ref = asRecord(value);
  const app = typeof ref.app === 'string' || typeof ref.app === 'number' ? String(ref.app) : '';
  const code = text(ref.code);
  if (app === '') return { code };
  return code === '' ? { app } : { app, code };
}

/** An action; a type outside the platform's sets (which the schema's enums refuse) reads as the first. */
function action(
  value: unknown,
  destApp: DestAppCanonical,
): Omit<ActionCanonical, 'index'> & { index?: string } {
  const a = asRecord(value);
  const out: Omit<ActionCanonical, 'index'> & { index?: string } = {
    destApp,
    mappings: asList(a.mappings).map((m) => {
      const mapping = asRecord(m);
      return {
        srcType: oneOf(mapping.srcType, SOURCE_TYPES, 'FIELD'),
        srcField: text(mapping.srcField),
        destField: text(mapping.destField),
      };
    }),
    entities: asList(a.entities).map((e) => {
      const who = asRecord(e);
      return { type: oneOf(who.type, ACTION_ENTITY_TYPES, 'USER'), code: text(who.code) };
    }),
    filterCond: text(a.filterCond),
  };
  // Only for ordering: orderByIndex rewrites it as the position.
  if (typeof a.index === 'string' || typeof a.index === 'number') out.index = String(a.index);
  return out;
}

function ordered(
  items: Record<string, Omit<ActionCanonical, 'index'> & { index?: string }>,
): ActionsCanonical {
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
    const want = desired[name]?.destApp;
    const dest = have.destApp;
    out[name] =
      want && 'app' in dest && dest.code !== undefined
        ? { ...have, destApp: 'app' in want ? { app: dest.app } : { code: dest.code } }
        : { ...have, destApp: 'app' in dest ? { app: dest.app } : dest };
  }
  return out;
}

function actionToManifest(a: ActionCanonical, ctx: ExportContext): CopyActionSetting {
  const out: CopyActionSetting = {
    destApp: appRefToManifest(a.destApp, ctx),
    mappings: a.mappings.map((mapping) =>
      mapping.srcField === '' ? { srcType: mapping.srcType, destField: mapping.destField } : mapping,
    ),
    entities: a.entities,
  };
  if (a.filterCond !== '') out.filterCond = a.filterCond;
  return out;
}

/** The map as the PUT takes it: the name inside, the app resolved, no empty srcField. */
function forWrite(desired: ActionsCanonical, wctx: WriteContext): Record<string, CopyAction> {
  const actions = Object.entries(desired).map(([name, a]) => {
    const dest = a.destApp;
    const destApp = 'app' in dest ? { app: wctx.resolveApp(dest.app) } : dest;
    const mappings = a.mappings.map(({ srcField, ...rest }) =>
      srcField === '' ? rest : { ...rest, srcField },
    );
    return [name, { ...a, name, destApp, mappings }] as const;
  });
  return Object.fromEntries(actions);
}

const diff = (desired: ActionsCanonical, current: ActionsCanonical): Change[] =>
  diffMap(desired, alignDestinations(desired, current));

export const actionsArea: Area<ActionsCanonical, 'actions'> = {
  key: 'actions',
  phases: togetherPhase('actions'),
  itemNoun: 'action',
  fromManifest,
  toManifest: (c, ctx) => ({
    actions: orderedMap(byIndex(c).map(([name, a]) => [name, actionToManifest(a, ctx)] as const)),
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
