import { codeProblem } from '../validate/field-code.js';
import { fieldIndex } from '../validate/context.js';
import { join } from '../validate/shape.js';
import type { Problems } from '../errors.js';
import type { JsonObject } from '../model/app.js';

type Properties = Record<string, JsonObject>;

function innerOf(def: unknown): Record<string, unknown> {
  const inner = (def as { fields?: unknown } | null)?.fields;
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : {};
}

/**
 * The renames a fields PUT asks for (the hosted platform's way to change a field code): a field,
 * top-level or inside a table, whose `code` differs from its key (the current code) takes that
 * code. A new code must be valid and used by no field of the form, nor by a field the same
 * request adds or renames (so a table's field cannot take a code from outside it); each problem
 * is reported at `properties.<key>.code` (or `properties.<table>.fields.<key>.code`).
 */
export function requestedRenames(
  given: Record<string, unknown>,
  current: Properties,
  problems: Problems,
): Map<string, string> {
  const taken = new Set(fieldIndex(current).fields.keys());
  for (const def of Object.values(given)) for (const code of Object.keys(innerOf(def))) taken.add(code);
  const renames = new Map<string, string>();
  const visit = (code: string, def: unknown, path: string) => {
    const to = (def as { code?: unknown } | null)?.code;
    if (typeof to !== 'string' || to === code) return;
    const bad = codeProblem(to) ?? (taken.has(to) ? `The field code "${to}" is already used.` : null);
    if (bad) problems.add(join(path, 'code'), bad);
    else {
      renames.set(code, to);
      taken.add(to);
    }
  };
  for (const [code, def] of Object.entries(given)) {
    const path = join('properties', code);
    visit(code, def, path);
    const existing = innerOf(current[code]);
    for (const [inner, innerDef] of Object.entries(innerOf(def)))
      if (inner in existing) visit(inner, innerDef, join(join(path, 'fields'), inner));
  }
  return renames;
}
