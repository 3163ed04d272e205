/**
 * Whether the environment's app has each field a record file names as the manifest has it (its
 * type, and its place: top level or a table's column). A seed run after the manifest changed a
 * field's type or moved it, but before `apply` migrated it, would send the new shape's values to
 * the old field: the service refuses them part way through the seed, or keeps them changed (a
 * date-time sent to a DATE field). Seed says so before it writes anything, naming the fields and
 * `apply` (SEED.NOT_APPLIED). The service's live form is read (Get Form Fields, spec "Form"),
 * since the records are read from the live app.
 */
/** A field as the manifest has it: its type, and a table's columns. */
export interface ManifestField {
  readonly type: string;
  readonly fields?: Readonly<Record<string, ManifestField>> | undefined;
}

/** A field as the service's form gives it. */
export interface ServiceField {
  readonly type: string;
  readonly fields?: Readonly<Record<string, ServiceField>> | undefined;
}

/** A field the record file names that the environment's app has otherwise than the manifest. */
export interface UnappliedField {
  /** `code`, or `table.code` for a column in the manifest. */
  readonly field: string;
  /** What the manifest makes it: `a DATETIME`, `a DATE in the table items`. */
  readonly manifest: string;
  /** What the environment's app has: `a DATE`, `a DATE at the top level`, `no such field`. */
  readonly service: string;
}

/** The fields the records name (codes, and a table's columns under it) that differ. */
export function unappliedFields(
  manifest: Readonly<Record<string, ManifestField>>,
  service: Readonly<Record<string, ServiceField>>,
  records: readonly Readonly<Record<string, { value: unknown }>>[],
): UnappliedField[] {
  const out: UnappliedField[] = [];
  for (const [code, columns] of namedFields(manifest, records)) {
    const wanted = manifest[code];
    if (!wanted) continue;
    const found = differs(code, wanted, service, null);
    if (found) out.push(found);
    if (found || wanted.type !== 'SUBTABLE') continue;
    for (const column of columns) {
      const cell = wanted.fields?.[column];
      const held = cell && differs(column, cell, service[code]?.fields ?? {}, code, service);
      if (held) out.push(held);
    }
  }
  return out;
}

/** The codes the records name, each with the columns its rows name (a table's). */
function namedFields(
  manifest: Readonly<Record<string, ManifestField>>,
  records: readonly Readonly<Record<string, { value: unknown }>>[],
): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const record of records)
    for (const [code, { value }] of Object.entries(record)) {
      const columns = named.get(code) ?? new Set<string>();
      if (manifest[code]?.type === 'SUBTABLE' && Array.isArray(value))
        for (const row of value as { value?: Record<string, unknown> }[])
          for (const column of Object.keys(row.value ?? {})) columns.add(column);
      named.set(code, columns);
    }
  return named;
}

function differs(
  code: string,
  wanted: ManifestField,
  holder: Readonly<Record<string, ServiceField>>,
  table: string | null,
  all: Readonly<Record<string, ServiceField>> = holder,
): UnappliedField | null {
  const there = holder[code];
  const field = table === null ? code : `${table}.${code}`;
  const manifest = `a ${wanted.type}${table === null ? '' : ` in the table ${table}`}`;
  if (there?.type === wanted.type) return null;
  if (there) return { field, manifest, service: `a ${there.type}` };
  const elsewhere = placeOf(all, code);
  return { field, manifest, service: elsewhere ?? 'no such field' };
}

/** Where a code is in the service's form, in words (codes are unique across an app, tables included). */
function placeOf(all: Readonly<Record<string, ServiceField>>, code: string): string | null {
  const top = all[code];
  if (top) return `a ${top.type} at the top level`;
  for (const [table, def] of Object.entries(all)) {
    const column = def.fields?.[code];
    if (column) return `a ${column.type} in the table ${table}`;
  }
  return null;
}
