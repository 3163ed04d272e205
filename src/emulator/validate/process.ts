import { arr, bool, int, join, map, obj, str, type CheckContext, type Shape } from './shape.js';
import { entity, filterCond } from './common.js';
import {
  ENTITY_TYPES_BY_AREA,
  firstStatusBreaches,
  firstStatusName,
  type AssigneeAsWritten,
  TEXT_LIMITS,
} from '../../platform/index.js';
import type { Problems } from '../errors.js';
import type { Json, JsonObject } from '../model/app.js';

/**
 * Who may be an assignee, and who may run a SECONDARY action (the official client's types,
 * app/processManagement.d.ts: AssigneeEntityForParameter takes CREATOR, ExecutableUserEntityForParameter
 * only USER, GROUP, ORGANIZATION and FIELD_ENTITY).
 */
const ASSIGNEE_TYPES = ENTITY_TYPES_BY_AREA.processAssignee;
const EXECUTOR_TYPES = ENTITY_TYPES_BY_AREA.processExecutor;

/**
 * Entities as the platform answers them (AssigneeEntityForResponse): `includeSubs` always there
 * (false when not sent), a CREATOR's `code` null.
 */
function entities(types: readonly string[]): Shape {
  const item = obj({ entity: entity(types), includeSubs: bool() }, { required: ['entity'] });
  return arr((value, path, ctx) => {
    const out = item(value, path, ctx) as { entity?: JsonObject; includeSubs?: boolean } | undefined;
    if (!out?.entity) return out;
    const target = out.entity.type === 'CREATOR' ? { type: 'CREATOR', code: null } : out.entity;
    return { entity: target, includeSubs: out.includeSubs ?? false };
  });
}

const state = obj(
  {
    // kintone.dev, "Update Process Management Settings": "The maximum length is 64 characters"
    // (validate's schema says so too: app.schema.json, process.states' propertyNames).
    name: str({ max: TEXT_LIMITS.statusName }),
    index: int(0),
    assignee: obj(
      { type: str({ oneOf: ['ONE', 'ALL', 'ANY'] }), entities: entities(ASSIGNEE_TYPES) },
      { required: ['type', 'entities'] },
    ),
  },
  { required: ['index'] },
);

const actionProps = obj(
  {
    name: str(),
    from: str(),
    to: str(),
    filterCond,
    type: str({ oneOf: ['PRIMARY', 'SECONDARY'] }),
    executableUser: obj({ entities: entities(EXECUTOR_TYPES) }, { required: ['entities'] }),
  },
  { required: ['name', 'from', 'to'] },
);

/**
 * An action, answered as the platform does (ActionForResponse): `filterCond` "" and `type`
 * PRIMARY when left out (ActionForParameter: `type?: "PRIMARY"`), and `executableUser` on a
 * SECONDARY action only. The official types make it a union on `type`: a SECONDARY action
 * requires `executableUser`, a PRIMARY one has none, so a PRIMARY action that carries it is
 * refused rather than stored (whether the hosted platform refuses or drops it is not recorded
 * anywhere we found; refusing lets our own tests catch a deployer that sends it).
 */
const action: Shape = (value, path, ctx) => {
  const out = actionProps(value, path, ctx) as Record<string, Json> | undefined;
  if (!out || typeof out !== 'object') return out;
  const type = out.type ?? 'PRIMARY';
  const { executableUser, ...rest } = out;
  if (type === 'PRIMARY' && executableUser !== undefined)
    ctx.problems.add(
      join(path, 'executableUser'),
      'executableUser is only for a SECONDARY action; leave it out of a PRIMARY one.',
    );
  if (type === 'SECONDARY' && executableUser === undefined)
    ctx.problems.add(join(path, 'executableUser'), 'Required field.');
  return {
    ...rest,
    filterCond: out.filterCond ?? '',
    type,
    ...(type === 'SECONDARY' && executableUser !== undefined ? { executableUser } : {}),
  };
};

/**
 * Process management (`PUT preview/app/status.json`): `enable`, `states` (the whole set, keyed by
 * each status's current name; `name` may rename it, a null is one left out), `actions`.
 */
export const processBody: Record<string, Shape> = {
  enable: bool(),
  states: map(() => (value, path, ctx) => (value === null ? null : state(value, path, ctx))),
  actions: arr(action),
};

/**
 * A status's assignee when the write leaves it out: ONE, with the record's creator (the app's
 * CREATOR field) as the candidate. Observed on the hosted platform (SonicGarden/kintone-emulator,
 * docs/real-kintone-notes.md, updateProcessManagement, 2026-04-30).
 */
export function defaultAssignee(creatorField: string): JsonObject {
  return {
    type: 'ONE',
    entities: [{ entity: { type: 'FIELD_ENTITY', code: creatorField }, includeSubs: false }],
  };
}

/**
 * The first status (the lowest index) takes assignee type ONE only, with no candidates or only
 * the creator field as a FIELD_ENTITY: the rule and its evidence are in platform/first-status.ts,
 * which validate reads too. The platform's error key and wording are not recorded: this answers
 * 400 CB_VA01 at the parameter's path. `keys` maps each status's name to the key it was sent
 * under (its name before a rename).
 */
export function checkFirstStatus(
  states: Record<string, Json>,
  keys: ReadonlyMap<string, string>,
  creatorField: string,
  problems: Problems,
): void {
  const first = firstStatusName(
    Object.entries(states).map(([name, s]) => ({ name, index: (s as { index?: string | number }).index })),
  );
  if (first === undefined) return;
  const path = `states.${keys.get(first) ?? first}.assignee`;
  const assignee = ((states[first] as JsonObject).assignee ?? {}) as AssigneeAsWritten;
  for (const breach of firstStatusBreaches(assignee, creatorField))
    if (breach.at === 'type')
      problems.add(join(path, 'type'), `The first status "${first}" takes the assignee type ONE only.`);
    else
      problems.add(
        `${path}.entities[${breach.entity}].entity.${breach.part}`,
        `The first status "${first}" takes no assignee but the creator field "${creatorField}" (FIELD_ENTITY).`,
      );
}

/** Every action must go from and to a status that exists once the write is applied. */
export function checkActionStates(
  states: Record<string, unknown>,
  actions: readonly { from?: unknown; to?: unknown }[],
  ctx: Pick<CheckContext, 'problems'>,
): void {
  actions.forEach((a, i) => {
    for (const end of ['from', 'to'] as const) {
      const name = a[end];
      if (typeof name === 'string' && !(name in states))
        ctx.problems.add(join(`actions[${i}]`, end), `The status "${name}" does not exist in states.`);
    }
  });
}
