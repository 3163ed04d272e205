/**
 * An app's changes as lines: the app block, one nested block per area that changes, one line (or
 * block) per changed item, and a count of what is left out, so the reviewer sees only what
 * differs and still knows how much did not.
 */
import type { AppPlan, AreaPlan, Change, Json } from '../plan/types.js';
import { contentLines, detailLines, wholeItemLines } from './attributes.js';
import type { Line, Marker } from './lines.js';
import { formatPath, inlineValue, plural } from './values.js';
import { migrationNote, migrationOf } from './migrations.js';

/** The attribute a replacement is forced by: the service cannot change a field's type in place. */
const FORCES_REPLACEMENT = 'type';

/** `app "deals" (id 13)`; an app apply creates has no id yet. */
export function appTitle(app: AppPlan): string {
  return `app ${JSON.stringify(app.key)}${app.id === null ? '' : ` (id ${app.id})`}`;
}

/** The app's block, or nothing for an app that does not change. */
export function appLines(app: AppPlan): Line[] {
  const marker = APP_MARKERS[app.action];
  if (marker === null) return [];
  const changed = app.areas.filter((area) => area.action !== 'no-op');
  const hidden = app.areas.length - changed.length;
  return [
    { depth: 0, marker: null, heading: true, text: `# ${appTitle(app)} ${appVerb(app)}` },
    { depth: 0, marker, text: `app ${JSON.stringify(app.key)} {` },
    ...changed.flatMap((area) => areaLines(area, 1, app)),
    ...(hidden > 0 ? [hiddenLine(hidden, 'unchanged area', 1)] : []),
    { depth: 0, marker: null, text: '}' },
  ];
}

/** Each app action's marker: a table, so that every action has one. */
const APP_MARKERS: Readonly<Record<AppPlan['action'], Marker | null>> = {
  'no-op': null,
  update: '~',
  deploy: '~',
  'create-app': '+',
};

function appVerb(app: AppPlan): string {
  if (app.action === 'deploy')
    return 'will be deployed: it exists only as a draft (never deployed), which matches the manifest';
  if (app.revisions?.live === '') return 'will be updated and deployed: it was never deployed';
  return app.action === 'create-app' ? 'will be created' : 'will be updated';
}

function hiddenLine(count: number, noun: string, depth: number): Line {
  return { depth, marker: null, text: `# (${plural(count, noun)} hidden)` };
}

function areaLines(area: AreaPlan, depth: number, app: AppPlan): Line[] {
  const marker: Marker = area.action === 'create-app' ? '+' : '~';
  // An area whose whole value is one scalar reads as one line, as a changed attribute does.
  const [only, ...others] = area.changes;
  const scalar = only !== undefined && others.length === 0 && only.path.length === 0 ? scalarOf(only) : null;
  if (scalar !== null) return [scalarLine(area.key, scalar, depth)];
  return [
    { depth, marker, text: `${area.key} {` },
    ...area.changes.flatMap((change) => changeLines(change, depth + 1, area.key === 'fields' ? app : null)),
    ...(area.unchanged > 0 ? [hiddenLine(area.unchanged, `unchanged ${area.itemNoun}`, depth + 1)] : []),
    { depth, marker: null, text: '}' },
  ];
}

/**
 * One change inside its area's block. A change at the area itself (`path` empty: general
 * settings, admin notes) shows its attributes directly in the area's block.
 */
function changeLines(change: Change, depth: number, fieldsOf: AppPlan | null): Line[] {
  const label = formatPath(change.path);
  const atArea = change.path.length === 0;
  switch (change.action) {
    case 'add':
      return atArea
        ? contentLines('+', change.after, depth)
        : wholeItemLines('+', label, change.after, depth);
    case 'remove':
      return atArea
        ? contentLines('-', change.before, depth)
        : wholeItemLines('-', label, change.before, depth);
    case 'change': {
      if (atArea) return detailLines(change.details, depth);
      // A setting whose value is a scalar (general settings' `name`): `~ name: "A" -> "B"`.
      const scalar = scalarOf(change);
      if (scalar !== null) return [scalarLine(label, scalar, depth)];
      return itemBlock('~', label, detailLines(change.details, depth + 1), depth);
    }
    case 'rename': {
      // The path names the new code; the old one replaces its last segment.
      const from = formatPath([...change.path.slice(0, -1), change.from]);
      const renamed = itemBlock('~', `${from} -> ${label}`, detailLines(change.details, depth + 1), depth);
      return withNote(renamed, 'data kept');
    }
    case 'replace': {
      const details = detailLines(change.details, depth + 1, FORCES_REPLACEMENT);
      const migration = fieldsOf ? migrationOf(fieldsOf, change) : undefined;
      const note = migration ? migrationNote(migration) : 'removed and added again: its data is lost';
      return withNote(itemBlock('-/+', label, details, depth), note);
    }
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}

/** The one difference of a change whose value is a scalar (its detail has an empty path). */
function scalarOf(change: Change): { before: Json; after: Json } | null {
  if (change.action !== 'change' || change.details.length !== 1) return null;
  const [detail] = change.details;
  if (detail === undefined || detail.path.length > 0) return null;
  const { before, after } = detail;
  return before === undefined || after === undefined ? null : { before, after };
}

function scalarLine(label: string, { before, after }: { before: Json; after: Json }, depth: number): Line {
  return { depth, marker: '~', text: `${label}: ${inlineValue(before)} -> ${inlineValue(after)}` };
}

/** `~ label {` with nested lines and its `}`, or one line when nothing is nested. */
function itemBlock(marker: Marker, label: string, nested: Line[], depth: number): Line[] {
  if (nested.length === 0) return [{ depth, marker, text: label }];
  return [{ depth, marker, text: `${label} {` }, ...nested, { depth, marker: null, text: '}' }];
}

/** The note goes on the item's own (first) line. */
function withNote(lines: Line[], note: string): Line[] {
  const [first, ...rest] = lines;
  return first === undefined ? [] : [{ ...first, note }, ...rest];
}
