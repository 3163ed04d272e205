import { ENTITY_TYPES_BY_AREA, firstStatusBreaches, firstStatusName } from '../../platform/index.js';
import type { CheckContext } from './context.js';
import type { ProcessSetting } from '../manifest.js';

type States = NonNullable<ProcessSetting['states']>;

/** Who may be an assignee, and who may run a SECONDARY action (platform/entity-types.ts). */
const ASSIGNEE_TYPES = ENTITY_TYPES_BY_AREA.processAssignee;
const EXECUTOR_TYPES = ENTITY_TYPES_BY_AREA.processExecutor;

/** Process management: actions go between existing statuses; assignees and filters are sound. */
export function checkProcess(ctx: CheckContext): void {
  const process = ctx.manifest.process;
  if (process === undefined) return;
  const states = process.states;
  const names = Object.keys(states ?? {});
  if (process.enable === true && states !== undefined && names.length === 0)
    ctx.report('PROCESS.NO_STATES', 'process management is enabled without statuses', ['process', 'states'], {
      at: 'key',
      hint: 'Add at least one status, or set enable: false.',
    });
  for (const [name, state] of Object.entries(states ?? {}))
    (state.assignee?.entities ?? []).forEach((e, i) =>
      ctx.entity(e.entity, ['process', 'states', name, 'assignee', 'entities', i, 'entity'], ASSIGNEE_TYPES),
    );
  if (states !== undefined) checkFirstStatus(ctx, states);
  if (states !== undefined) checkRenames(ctx, states);
  const actionNames = new Set<string>();
  (process.actions ?? []).forEach((action, i) => {
    const path = ['process', 'actions', i];
    if (actionNames.has(action.name))
      ctx.report('PROCESS.DUPLICATE_ACTION', `action "${action.name}" is defined twice`, [...path, 'name'], {
        hint: 'Give each action its own name: status changes name the action to run.',
      });
    actionNames.add(action.name);
    if (states !== undefined)
      for (const end of ['from', 'to'] as const)
        if (!names.includes(action[end]))
          ctx.report('PROCESS.UNKNOWN_STATE', `${end} "${action[end]}" is not a status`, [...path, end], {
            hint: `Statuses: ${names.join(', ') || 'none'}.`,
          });
    ctx.filter(action.filterCond, [...path, 'filterCond']);
    (action.executableUser?.entities ?? []).forEach((e, j) =>
      ctx.entity(e.entity, [...path, 'executableUser', 'entities', j, 'entity'], EXECUTOR_TYPES),
    );
  });
}

/**
 * The first status (the lowest `index`; without indexes, the first of the map, as apply orders
 * them) takes assignee type ONE only, with no candidates or only the creator field: the rule and
 * its evidence are in platform/first-status.ts, which the local service reads too. A manifest
 * breaking it would fail at apply, after other apps' drafts were written.
 */
function checkFirstStatus(ctx: CheckContext, states: States): void {
  const first = firstStatusName(Object.entries(states).map(([name, s]) => ({ name, index: s.index })));
  const assignee = first === undefined ? undefined : states[first]?.assignee;
  if (first === undefined || assignee === undefined) return;
  const path = ['process', 'states', first, 'assignee'];
  const creator = creatorField(ctx);
  const fix =
    `The first status is where a record starts: use assignee: { type: ONE, entities: [] }, or the creator ` +
    `field alone ({ entity: { type: FIELD_ENTITY, code: ${creator ?? '<the creator field>'} } }); ` +
    'name other assignees in the next status.';
  for (const breach of firstStatusBreaches(assignee, creator)) {
    if (breach.at === 'type') {
      ctx.report(
        'PROCESS.FIRST_STATUS_ASSIGNEE',
        `the first status "${first}" takes assignee type ONE only`,
        [...path, 'type'],
        {
          hint: fix,
        },
      );
      continue;
    }
    const { type, code } = assignee.entities![breach.entity]!.entity;
    const what = type === 'FIELD_ENTITY' ? `the field "${code}"` : `a ${type} entity`;
    ctx.report(
      'PROCESS.FIRST_STATUS_ASSIGNEE',
      `the first status "${first}" cannot have ${what} as assignee: only the creator field`,
      [...path, 'entities', breach.entity, 'entity', breach.part],
      { hint: fix },
    );
  }
}

/**
 * `renamedFrom` names the status's name before: one still in the manifest cannot also be renamed
 * (the write keys each status by its current name once), and two statuses cannot come from one.
 */
function checkRenames(ctx: CheckContext, states: States): void {
  const taken = new Set<string>();
  for (const [name, state] of Object.entries(states)) {
    const from = state.renamedFrom;
    if (from === undefined || from === name) continue;
    const path = ['process', 'states', name, 'renamedFrom'];
    if (from in states)
      ctx.report('PROCESS.RENAME_KEPT', `renamedFrom "${from}" is another status of this manifest`, path, {
        hint: `A rename moves the records in "${from}" to "${name}"; remove "${from}" from the manifest, or drop renamedFrom.`,
      });
    else if (taken.has(from))
      ctx.report('PROCESS.RENAME_TWICE', `two statuses say renamedFrom "${from}"`, path, {
        hint: 'A status can be renamed to one name only: keep renamedFrom on one of them.',
      });
    taken.add(from);
  }
}

/** The code of the app's CREATOR field (declared, or the system code it gets); unknown without `fields`. */
function creatorField(ctx: CheckContext): string | undefined {
  for (const info of ctx.app.index?.fields.values() ?? []) if (info.type === 'CREATOR') return info.code;
  return undefined;
}
