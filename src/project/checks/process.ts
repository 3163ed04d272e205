import type { CheckContext } from './context.js';

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
      ctx.entity(e.entity, ['process', 'states', name, 'assignee', 'entities', i, 'entity']),
    );
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
      ctx.entity(e.entity, [...path, 'executableUser', 'entities', j, 'entity']),
    );
  });
}
