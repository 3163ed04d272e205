import type { AppSettings, JsonObject } from '../model/app.js';

const FIELD_SIZE = { width: '193' };

function element(def: JsonObject): JsonObject {
  return { type: def.type ?? '', code: def.code ?? '', size: FIELD_SIZE };
}

/** The layout row a newly added field gets (platform-facts: a row of its own, appended). */
export function rowFor(def: JsonObject): JsonObject {
  switch (typeof def.type === 'string' ? def.type : '') {
    case 'SUBTABLE':
      return {
        type: 'SUBTABLE',
        code: def.code ?? '',
        fields: Object.values((def.fields ?? {}) as Record<string, JsonObject>).map(element),
      };
    case 'GROUP':
      return { type: 'GROUP', code: def.code ?? '', layout: [] };
    default:
      return { type: 'ROW', fields: [element(def)] };
  }
}

/** Adds fields newly placed in an existing table to that table's layout row. */
export function addToTableRows(layout: JsonObject[], table: string, added: JsonObject[]): JsonObject[] {
  return layout.map((row) =>
    row.type === 'SUBTABLE' && row.code === table
      ? { ...row, fields: [...(row.fields as JsonObject[]), ...added.map(element)] }
      : row,
  );
}

/**
 * The layout without the deleted codes: their elements leave their rows, a deleted table's or
 * group's row goes (a group's rows move up in its place), and rows left empty go.
 */
export function removeFromLayout(layout: JsonObject[], gone: ReadonlySet<string>): JsonObject[] {
  const out: JsonObject[] = [];
  for (const row of layout) {
    const code = typeof row.code === 'string' ? row.code : undefined;
    if (row.type === 'GROUP') {
      const inner = removeFromLayout((row.layout ?? []) as JsonObject[], gone);
      if (code !== undefined && gone.has(code)) out.push(...inner);
      else out.push({ ...row, layout: inner });
      continue;
    }
    if (row.type === 'SUBTABLE' && code !== undefined && gone.has(code)) continue;
    const fields = ((row.fields ?? []) as JsonObject[]).filter(
      (f) => typeof f.code !== 'string' || !gone.has(f.code),
    );
    if (row.type === 'ROW' && fields.length === 0 && (row.fields as JsonObject[] | undefined)?.length)
      continue;
    out.push({ ...row, fields });
  }
  return out;
}

/** Other areas that name deleted fields drop them, as the form editor does: view columns and field ACL rules. */
export function dropFieldReferences(settings: AppSettings, gone: ReadonlySet<string>): AppSettings {
  const views = Object.fromEntries(
    Object.entries(settings.views).map(([name, view]) => [
      name,
      Array.isArray(view.fields)
        ? { ...view, fields: view.fields.filter((c) => typeof c !== 'string' || !gone.has(c)) }
        : view,
    ]),
  );
  const fieldAcl = settings.fieldAcl.filter(
    (rule) => typeof rule.field !== 'string' || !gone.has(rule.field),
  );
  return { ...settings, views, fieldAcl, layout: removeFromLayout(settings.layout, gone) };
}
