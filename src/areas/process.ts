/**
 * Process management (`app/status.json`): whether it is on, the statuses (a map ordered by
 * `index`; the first is where records start) and the actions between them (an ordered list:
 * the order of the buttons). The service takes `states` as the whole new set (a status left out
 * is deleted), each keyed by its current name with `name` its new one, and cannot add a new
 * first status: the first is renamed instead. Which status becomes which: process-states.ts.
 */
import { byIndex, orderedMap } from './manifest-order.js';
import {
  entityTarget,
  flag,
  oneOf,
  orderByIndex,
  sortKeys,
  text,
  type EntityTargetCanonical,
} from './canonical.js';
import { asList, asRecord, oneWrite, targetToManifest, underPath } from './area-kit.js';
import { diffList, diffSingle, unchangedInList } from './diff.js';
import { diffStates, reverseStates, stateProbes, statesUpdate, unchangedStates } from './process-states.js';

export { statesUpdate };
import type { ProcessSettingsUpdate } from '../client/types/process.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, Change, Json, JsonObject, ReadContext } from './types.js';

/** The process area's canonical form, which the Markdown renderer draws as a state diagram. */
export interface ProcessCanonical {
  [key: string]: Json;
  enable: boolean;
  states: {
    [name: string]: {
      index: string;
      assignee: { type: AssigneeType; entities: EntityTargetCanonical[] };
      /** The manifest's hint of a rename (never from the service): the status's name before. */
      renamedFrom?: string;
    };
  };
  /** Only a SECONDARY action has `executableUser` (the official types' ActionForResponse). */
  actions: ({ name: string; from: string; to: string; filterCond: string } & (
    { type: 'PRIMARY' } | { type: 'SECONDARY'; executableUser: { entities: EntityTargetCanonical[] } }
  ))[];
}

/** The official client's AssigneeType (app/processManagement.d.ts), as the schema's enum. */
const ASSIGNEE_TYPES = ['ONE', 'ALL', 'ANY'] as const;
type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

type StateCanonical = ProcessCanonical['states'][string];
type ActionCanonical = ProcessCanonical['actions'][number];

const targets = (value: unknown): EntityTargetCanonical[] =>
  asList(asRecord(value).entities).map(entityTarget);

/**
 * Defaults of the hosted platform: an assignee list of type ONE with nobody in it (also for a
 * type outside the three, which the schema's enum refuses).
 */
function state(value: Json): Omit<StateCanonical, 'index'> & { index?: string } {
  const s = asRecord(value);
  const assignee = asRecord(s.assignee);
  const out: Omit<StateCanonical, 'index'> & { index?: string } = {
    assignee: { type: oneOf(assignee.type, ASSIGNEE_TYPES, 'ONE'), entities: targets(assignee) },
  };
  // Only for ordering: orderByIndex rewrites it as the position.
  if (typeof s.index === 'string' || typeof s.index === 'number') out.index = String(s.index);
  // A manifest's hint (a GET never has it): the status's name before a rename.
  if (typeof s.renamedFrom === 'string' && s.renamedFrom !== '') out.renamedFrom = s.renamedFrom;
  return out;
}

/**
 * Defaults of the hosted platform: no condition, type PRIMARY. Only a SECONDARY action has
 * `executableUser` (the official types: ActionForResponse and ActionForParameter are a union on
 * `type`), so a PRIMARY one never carries it, in what is compared or in what is written; a
 * SECONDARY one always does, with no one in it when the manifest names nobody.
 */
function action(value: unknown): ActionCanonical {
  const a = asRecord(value);
  const common = { name: text(a.name), from: text(a.from), to: text(a.to), filterCond: text(a.filterCond) };
  return text(a.type, 'PRIMARY') === 'SECONDARY'
    ? { ...common, type: 'SECONDARY', executableUser: { entities: targets(a.executableUser) } }
    : { ...common, type: 'PRIMARY' };
}

/** From a manifest or a GET alike (a GET may answer null states and actions when never set). */
function canonical(value: { enable?: unknown; states?: unknown; actions?: unknown }): ProcessCanonical {
  const states = Object.fromEntries(
    Object.entries(asRecord(value.states)).map(([name, s]) => [name, state(s)]),
  );
  return {
    enable: flag(value.enable),
    states: sortKeys(orderByIndex(states)),
    actions: asList(value.actions).map(action),
  };
}

async function read(ctx: ReadContext): Promise<{ value: ProcessCanonical; revision: string }> {
  const { revision, ...process } = await ctx.client.settings.getProcessManagement({
    app: ctx.app,
    copy: ctx.copy,
  });
  return { value: canonical(process), revision };
}

function stateToManifest(s: StateCanonical): JsonObject {
  const { type, entities } = s.assignee;
  if (type === 'ONE' && entities.length === 0) return {};
  return { assignee: { type, ...(entities.length > 0 ? { entities: entities.map(targetToManifest) } : {}) } };
}

function actionToManifest(a: ActionCanonical): JsonObject {
  const out: JsonObject = { name: a.name, from: a.from, to: a.to };
  if (a.filterCond !== '') out.filterCond = a.filterCond;
  if (a.type === 'SECONDARY') {
    out.type = a.type;
    if (a.executableUser.entities.length > 0)
      out.executableUser = { entities: a.executableUser.entities.map(targetToManifest) };
  }
  return out;
}

function toManifest(c: ProcessCanonical): Partial<AppManifest> {
  const process: JsonObject = {};
  if (c.enable) process.enable = true;
  // The canonical map is keyed by name; the manifest's order is the states' order (their index).
  process.states = orderedMap(byIndex(c.states).map(([name, s]) => [name, stateToManifest(s)] as const));
  process.actions = c.actions.map(actionToManifest);
  return { process };
}

function diff(desired: ProcessCanonical, current: ProcessCanonical): Change[] {
  return [
    ...underPath('enable', diffSingle(desired.enable, current.enable)),
    ...underPath('states', diffStates(desired.states, current.states)),
    ...underPath('actions', diffList(desired.actions, current.actions)),
  ];
}

export const processArea: Area<ProcessCanonical, 'process'> = {
  key: 'process',
  // Its conditions and assignees name fields; the areas that go out together after it name
  // its statuses.
  phases: [{ name: 'process', after: ['fields-references'] }],
  itemNoun: 'process setting',
  fromManifest: (m) => (m.process === undefined ? undefined : canonical(m.process)),
  toManifest,
  read,
  diff,
  // Records in a removed status are stranded; nothing else the process changes risks data.
  probes: (desired, current) => stateProbes(desired.states, current.states),
  reverse: (before, applied) => ({ ...before, states: reverseStates(before.states, applied.states) }),
  blocked: () => [],
  unchangedCount: (desired, current) =>
    (desired.enable === current.enable ? 1 : 0) +
    unchangedStates(desired.states, current.states) +
    unchangedInList(desired.actions, current.actions),
  writes: (desired, current) =>
    oneWrite('process', diff(desired, current), async (wctx, revision) => {
      const update: ProcessSettingsUpdate = {
        enable: desired.enable,
        states: statesUpdate(desired.states, current.states),
        actions: desired.actions,
      };
      const result = await wctx.client.settings.updateProcessManagement({
        ...update,
        app: wctx.app,
        revision,
      });
      return result.revision;
    }),
};
