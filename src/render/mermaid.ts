/**
 * The process (statuses and actions) as a Mermaid state diagram, for the Markdown rendering: a
 * workflow change is much easier to review as two pictures than as a list of index changes.
 */
import { append } from './append.js';
import type { Json, ProcessCanonical } from '../plan/types.js';

/** What a diagram reads of ProcessCanonical: the statuses with their order, and the actions. */
export interface DiagramProcess {
  enable: boolean;
  states: Record<string, Pick<ProcessCanonical['states'][string], 'index'>>;
  actions: Pick<ProcessCanonical['actions'][number], 'name' | 'from' | 'to'>[];
}

/** The part of ProcessCanonical a diagram needs, checked: `before`/`after` are typed as any JSON. */
export function asProcess(value: Json | null): DiagramProcess | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { enable, states, actions } = value;
  if (states === null || typeof states !== 'object' || Array.isArray(states)) return null;
  if (!Array.isArray(actions)) return null;
  const stateOk = Object.values(states).every(
    (s) => s !== null && typeof s === 'object' && !Array.isArray(s) && typeof s.index === 'string',
  );
  const actionOk = actions.every(
    (a) =>
      a !== null &&
      typeof a === 'object' &&
      !Array.isArray(a) &&
      typeof a.name === 'string' &&
      typeof a.from === 'string' &&
      typeof a.to === 'string',
  );
  if (!stateOk || !actionOk) return null;
  return { enable: enable === true, states, actions } as DiagramProcess;
}

/**
 * Mermaid reads `"`, `;`, `#`, `%` and `:` as syntax, `<` and `>` as HTML, and a backtick could
 * close the Markdown fence; its entity codes (`#34;` for `"`) stand for them inside a label. One
 * pass, so that the `;` of a code just written is not escaped again.
 */
export function mermaidLabel(text: string): string {
  return text.replace(/[#";%:<>`]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\s+/g, ' ');
}

/**
 * The diagram's lines. States get generated ids (`s0`, `s1`) and their names as quoted labels,
 * so that spaces and any script are safe; the first status (lowest index) is the initial one.
 * States named in `highlight` (added in the other version, or about to go) get the `changed`
 * style so the difference stands out.
 */
export function stateDiagram(
  process: DiagramProcess,
  highlight: ReadonlySet<string>,
  style: string,
): string[] {
  const names = Object.entries(process.states)
    .sort(([, a], [, b]) => Number(a.index) - Number(b.index))
    .map(([name]) => name);
  const ids = new Map<string, string>();
  const idOf = (name: string): string => {
    let id = ids.get(name);
    if (id === undefined) ids.set(name, (id = `s${ids.size}`));
    return id;
  };
  names.forEach(idOf);
  const transitions = process.actions.map(
    (action) => `    ${idOf(action.from)} --> ${idOf(action.to)}: ${mermaidLabel(action.name)}`,
  );
  const lines = ['stateDiagram-v2'];
  // Actions may name a status the states do not list: it is declared all the same.
  for (const [name, id] of ids) lines.push(`    state "${mermaidLabel(name)}" as ${id}`);
  const first = names[0];
  if (first !== undefined) lines.push(`    [*] --> ${idOf(first)}`);
  append(lines, transitions);
  const marked = [...ids].filter(([name]) => highlight.has(name)).map(([, id]) => id);
  if (marked.length > 0) lines.push(`    classDef changed ${style}`, `    class ${marked.join(',')} changed`);
  return lines;
}

/** Names of the statuses of `a` that `b` does not have (none without a `b`: a new app's process is new as a whole). */
export function statesMissingFrom(a: DiagramProcess, b: DiagramProcess | null): Set<string> {
  if (b === null) return new Set();
  return new Set(Object.keys(a.states).filter((name) => !Object.hasOwn(b.states, name)));
}
