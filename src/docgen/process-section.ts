/** The process as a Mermaid flowchart: statuses, actions as edges, and who may act. */
import type { AppManifest, EntityTarget } from '../project/index.js';
import { inIndexOrder } from '../platform/index.js';
import { code, section, table, text } from './markdown.js';
import { flowchart } from './mermaid.js';

/** An entity in words: `group sales`, `field owner`, `the creator`. */
export function entityName(target: EntityTarget | { type: string; code: string | null }): string {
  const e = 'entity' in target ? target.entity : target;
  const subs = 'includeSubs' in target && target.includeSubs ? ' and below' : '';
  switch (e.type) {
    case 'CREATOR':
      return 'the creator';
    case 'FIELD_ENTITY':
      return `people in field ${e.code ?? ''}`;
    case 'CUSTOM_FIELD':
      return `custom field ${e.code ?? ''}`;
    default:
      return `${e.type.toLowerCase()} ${e.code ?? ''}${subs}`;
  }
}

export function processSection(manifest: AppManifest): string {
  const process = manifest.process;
  if (!process) return '';
  const states = inIndexOrder(Object.entries(process.states ?? {}));
  const actions = process.actions ?? [];
  const names = new Set(states.map(([s]) => s));
  for (const a of actions) for (const s of [a.from, a.to]) names.add(s);
  const terminal = (s: string) => !actions.some((a) => a.from === s);
  const nodes = [...names].map((s, i) => ({
    key: s,
    label: s,
    shape: i === 0 || terminal(s) ? ('round' as const) : ('box' as const),
  }));
  const edges = actions.map((a) => ({
    from: a.from,
    to: a.to,
    label:
      a.type === 'SECONDARY' && a.executableUser?.entities?.length
        ? `${a.name} (also ${a.executableUser.entities.map(entityName).join(', ')})`
        : a.name,
    dashed: a.type === 'SECONDARY',
  }));
  const assignees = states.map(([s, st]) => [
    text(s),
    st.assignee ? st.assignee.type.toLowerCase() : '',
    (st.assignee?.entities ?? []).map((e) => text(entityName(e))).join(', '),
  ]);
  const acts = actions.map((a) => [
    text(a.name),
    text(a.from),
    text(a.to),
    [
      'the assignees',
      ...(a.type === 'SECONDARY' ? (a.executableUser?.entities ?? []).map((e) => text(entityName(e))) : []),
    ].join(', '),
    a.filterCond ? code(a.filterCond) : '',
  ]);
  return section(2, 'Process', [
    process.enable ? 'Process management is on.' : 'Process management is off.',
    nodes.length ? flowchart('LR', nodes, edges) : '',
    table(['Status', 'Assignees', 'Who'], assignees),
    table(['Action', 'From', 'To', 'Who may act', 'Only when'], acts),
  ]);
}
