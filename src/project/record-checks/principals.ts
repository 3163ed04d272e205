/**
 * The users, groups and organizations a record file names (USER_SELECT, GROUP_SELECT and
 * ORGANIZATION_SELECT values, a table's columns included: docs/records.md, "Plain values"), with
 * where: seed maps them through the environment's maps and export --records maps them back, so
 * validate's check of the maps (checks/principal-maps.ts) counts them as named by the project.
 */
import type { CheckedApp } from '../checks/context.js';
import type { NamedPrincipal, PrincipalKind } from '../principal-maps.js';
import type { Path } from '../problems.js';
import type { RecordSource } from './source.js';

const KIND_OF_FIELD: Readonly<Record<string, PrincipalKind>> = {
  USER_SELECT: 'users',
  GROUP_SELECT: 'groups',
  ORGANIZATION_SELECT: 'organizations',
};

type Defs = Record<string, { type?: unknown; fields?: unknown }>;

export function recordPrincipals(app: CheckedApp, source: RecordSource): NamedPrincipal[] {
  const found: NamedPrincipal[] = [];
  const visit = (record: unknown, defs: Defs, path: Path) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return;
    for (const [code, value] of Object.entries(record)) {
      const field = defs[code];
      if (field?.type === 'SUBTABLE' && Array.isArray(value))
        value.forEach((row, r) => visit(row, (field.fields ?? {}) as Defs, [...path, code, r]));
      const kind = typeof field?.type === 'string' ? KIND_OF_FIELD[field.type] : undefined;
      if (kind === undefined) continue;
      const at = () => source.locate([...path, code]);
      for (const name of codesOf(value, source.csv)) found.push({ kind, code: name, at });
    }
  };
  (source.records ?? []).forEach((record, i) => visit(record, app.manifest.fields ?? {}, [i]));
  return found;
}

/** A value's codes: one, a list, or (a CSV cell) one a line. */
function codesOf(value: unknown, csv: boolean): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    typeof item !== 'string' || item === '' ? [] : csv ? item.split(/\r?\n/).filter((s) => s !== '') : [item],
  );
}
