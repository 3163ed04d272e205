/**
 * A seed plan in words, like `plan` shows its changes: `+` a record to add, `~` one to change with
 * each changed field as `old -> new`, `-` one to delete (--clean); and the same as JSON. Values are
 * shown plainly: text quoted, users by code, files by name and size (and where only their content
 * differs, said), a table row by row.
 *
 * A text plan lists at most SHOWN_PER_KIND records of each kind per app, then how many more: a
 * first seed of 10,000 records is a count to review, not 10,000 lines (`--format json` lists
 * every key).
 */
import type { SeedPlan, SeedResult } from '../records/index.js';
import { plural, thousands } from '../wording.js';
import type { SeedApp } from './seed-load.js';

/** Records of one kind (add, change, delete) a text plan lists per app before it counts the rest. */
export const SHOWN_PER_KIND = 20;

export interface PlannedApp {
  app: SeedApp;
  plan: SeedPlan;
  /** Why record permissions may hide some of the app's records from the user seed signs in as (plan/caller-visibility.ts). */
  hidden: string | null;
}

/**
 * A change whose values read the same as the plan shows them: files of the same names and sizes,
 * one of other content (records/file-contents.ts compares them by their bytes).
 */
const OTHER_CONTENT = 'same name and size, other content';

/**
 * A key as written, or quoted as JSON where it would not read back from the line: empty, spaces
 * at an end (keys match by every character), a line break, tab or control in it (a line break
 * would print a line of its own, such as a delete that is not one), or a quote first (it would
 * read as a quoted key).
 */
function shownKey(key: string): string {
  return key === '' || key.trim() !== key || key.startsWith('"') || /[\p{Cc}\p{Zl}\p{Zp}]/u.test(key)
    ? JSON.stringify(key)
    : key;
}

export function planText(planned: readonly PlannedApp[]): string {
  const lines: string[] = [];
  for (const { app, plan, hidden } of planned) {
    lines.push(
      `${app.name} (${app.file}, by ${app.key}): ${thousands(plan.adds.length)} to add, ${thousands(plan.changes.length)} to change, ${thousands(plan.deletes.length)} to delete, ${thousands(plan.unchanged)} unchanged`,
      ...hiddenLines({ app, hidden }),
    );
    listed(lines, plan.adds, 'to add', (add) => [`  + ${shownKey(add.key)}`]);
    listed(lines, plan.changes, 'to change', (change) => [
      `  ~ ${shownKey(change.key)}`,
      ...change.changes.map((c) => {
        const [before, after] = [shown(c.before), shown(written(c.before, c.after))];
        return `      ${c.code}: ${before} -> ${after}${before === after ? ` (${OTHER_CONTENT})` : ''}`;
      }),
    ]);
    listed(lines, plan.deletes, 'to delete', (del) => [`  - ${shownKey(del.key)}`]);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The records the plan did not see: seed compares, changes and deletes (--clean) only the records
 * the service shows it, and an add whose key a record it does not see holds is refused.
 */
export function hiddenLines({ app, hidden }: Pick<PlannedApp, 'app' | 'hidden'>): string[] {
  if (hidden === null) return [];
  return [
    `  ! ${hidden}`,
    `    seed neither compares nor deletes the records of ${app.name} it does not see; an add whose key one of them holds is refused (give the user view and edit in every rule, or seed with an API token of the app)`,
  ];
}

/** The first SHOWN_PER_KIND actions' lines, then a count of the rest. */
function listed<T>(
  lines: string[],
  actions: readonly T[],
  kind: string,
  linesOf: (action: T) => string[],
): void {
  for (const action of actions.slice(0, SHOWN_PER_KIND)) lines.push(...linesOf(action));
  const rest = actions.length - SHOWN_PER_KIND;
  if (rest > 0)
    lines.push(`  ... and ${plural(rest, 'more record')} ${kind} (--format json lists every one)`);
}

export function planJson(planned: readonly PlannedApp[]): object[] {
  return planned.map(({ app, plan, hidden }) => ({
    app: app.name,
    file: app.file,
    key: app.key,
    add: plan.adds.map((a) => a.key),
    change: plan.changes.map((c) => ({
      key: c.key,
      fields: c.changes.map((f) => {
        const [before, after] = [shown(f.before), shown(written(f.before, f.after))];
        return { code: f.code, before, after, ...(before === after ? { note: OTHER_CONTENT } : {}) };
      }),
    })),
    delete: plan.deletes.map((d) => d.key),
    unchanged: plan.unchanged,
    hidden,
  }));
}

export function resultText(name: string, r: SeedResult): string {
  return `Seeded ${name}: ${thousands(r.added)} added, ${thousands(r.changed)} changed, ${thousands(r.deleted)} deleted.\n`;
}

/**
 * Ctrl-C (or SIGTERM: `signal`) while seed writes `app`, after `done`: what may have landed, and
 * what to run, in one line as every interrupt says it (cli/interrupt.ts).
 */
export function interruptedText(
  app: string,
  done: readonly string[],
  again: string,
  signal = 'SIGINT',
): string {
  const before = done.length === 0 ? '' : `${done.join(', ')} ${done.length === 1 ? 'is' : 'are'} seeded; `;
  return (
    `\nInterrupted (${signal}) while seeding ${app}: ${before}the bulk requests already sent for ${app} may ` +
    `still land, the others were not sent. Run \`${again}\` again: it plans by key, so it writes only what is ` +
    `left (no record twice).\n`
  );
}

type Row = { id?: string; value?: Record<string, { value?: unknown }> };

/**
 * What a field holds after the change: a table's row written with the id of the row at its place
 * keeps the cells the file leaves out (records/seed-plan.ts), shown with them, not as if emptied.
 */
function written(before: unknown, after: unknown): unknown {
  if (!Array.isArray(after) || !Array.isArray(before)) return after;
  const kept = new Map((before as Row[]).map((row) => [row.id, row.value ?? {}]));
  return (after as Row[]).map((row) =>
    typeof row !== 'object' || row.id === undefined ? row : { value: { ...kept.get(row.id), ...row.value } },
  );
}

/** A value as the plan shows it. */
export function shown(value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return '(empty)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (!Array.isArray(value)) return JSON.stringify(value);
  if (value.some((v) => typeof v === 'object' && v !== null && 'value' in v))
    return `[${value.map(rowShown).join(', ')}]`;
  return `[${value.map(item).join(', ')}]`;
}

/** A table's row, as read or written (`{ value: { code: { value } } }`), by its cells. */
function rowShown(row: { value?: Record<string, { value?: unknown }> }): string {
  const cells = Object.entries(row.value ?? {}).map(([code, cell]) => `${code}: ${shown(cell.value)}`);
  return `{${cells.join(', ')}}`;
}

function item(v: unknown): string {
  if (typeof v !== 'object' || v === null) return String(v);
  const o = v as { code?: unknown; name?: unknown; size?: unknown };
  if (typeof o.code === 'string') return o.code;
  // A file by name and size (seed compares its content too: OTHER_CONTENT says where that alone differs).
  if (typeof o.name === 'string')
    return typeof o.size === 'string' || typeof o.size === 'number' ? `${o.name} (${o.size} bytes)` : o.name;
  return JSON.stringify(v);
}
