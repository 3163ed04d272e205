import { Problems } from '../errors.js';
import type { JsonObject } from '../model/app.js';
import type { CheckContext, Shape } from './shape.js';

/** Field code -> type for every field of a form, subtable fields included, and which table holds each. */
export function fieldIndex(properties: Record<string, JsonObject>): {
  fields: Map<string, string>;
  inTable: Map<string, string>;
} {
  const fields = new Map<string, string>();
  const inTable = new Map<string, string>();
  for (const [code, def] of Object.entries(properties)) {
    fields.set(code, typeof def.type === 'string' ? def.type : '');
    if (def.type === 'SUBTABLE' && typeof def.fields === 'object' && def.fields !== null) {
      for (const [inner, innerDef] of Object.entries(def.fields as Record<string, JsonObject>)) {
        fields.set(inner, typeof innerDef.type === 'string' ? innerDef.type : '');
        inTable.set(inner, code);
      }
    }
  }
  return { fields, inTable };
}

export type OtherAppFields = CheckContext['otherApp'];

/**
 * Checks `body` against `shape` with the fields of `properties`, and throws 400 CB_VA01 with
 * every problem found; returns the normalized body.
 */
export function checkBody<T>(
  shape: Shape,
  body: unknown,
  properties: Record<string, JsonObject>,
  otherApp: OtherAppFields = () => undefined,
): T {
  const problems = new Problems();
  const ctx: CheckContext = { problems, ...fieldIndex(properties), otherApp };
  const out = shape(body, '', ctx);
  problems.throwIfAny();
  return out as T;
}
