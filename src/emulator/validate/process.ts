import { arr, bool, int, join, map, obj, str, type CheckContext, type Shape } from './shape.js';
import { entity, filterCond } from './common.js';

const entities = arr(obj({ entity: entity(), includeSubs: bool() }, { required: ['entity'] }));

const state = obj(
  {
    name: str(),
    index: int(0),
    assignee: obj(
      { type: str({ oneOf: ['ONE', 'ALL', 'ANY'] }), entities },
      { required: ['type', 'entities'] },
    ),
  },
  { required: ['index'] },
);

const action = obj(
  {
    name: str(),
    from: str(),
    to: str(),
    filterCond,
    type: str({ oneOf: ['PRIMARY', 'SECONDARY'] }),
    executableUser: obj({ entities }),
  },
  { required: ['name', 'from', 'to'] },
);

/**
 * Process management (`PUT preview/app/status.json`): `enable`, `states` (the whole set, keyed by
 * each status's current name; `name` may rename it, a null is one left out), `actions`.
 */
export const processBody: Record<string, Shape> = {
  enable: bool(),
  states: map(() => (value, path, ctx) => (value === null ? null : state(value, path, ctx))),
  actions: arr(action),
};

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
