import { Problems } from '../errors.js';
import { fieldsFromProperties, withStatusOptions } from '../../query/index.js';
import type { JsonObject } from '../model/app.js';
import type { CheckContext, RelatedApp, Shape } from './shape.js';

/** Field code -> type for every field of a form, subtable fields included, and which table holds each. */
export function fieldIndex(properties: Record<string, JsonObject>): {
  fields: Map<string, string>;
  inTable: Map<string, string>;
} {
  const fields = new Map<string, string>();
  const inTable = new Map<string, string>();
  // Definitions are read defensively: this also indexes a request's fields before they are checked.
  const typeOf = (def: unknown): string => {
    const type = (def as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : '';
  };
  for (const [code, def] of Object.entries(properties)) {
    fields.set(code, typeOf(def));
    const inner = (def as { fields?: unknown } | null)?.fields;
    if (typeOf(def) === 'SUBTABLE' && typeof inner === 'object' && inner !== null) {
      for (const [innerCode, innerDef] of Object.entries(inner)) {
        fields.set(innerCode, typeOf(innerDef));
        inTable.set(innerCode, code);
      }
    }
  }
  return { fields, inTable };
}

/** How a body's references to other apps are answered (none by default). */
export interface OtherApps {
  fields: CheckContext['otherApp'];
  related: CheckContext['relatedApp'];
}

const NO_OTHER_APPS: OtherApps = {
  fields: () => undefined,
  related: (): RelatedApp => ({ kind: 'missing' }),
};

/**
 * Checks `body` against `shape` with the fields of `properties` (and `statuses` as the STATUS
 * field's values in filters: validate/statuses.ts), and throws 400 CB_VA01 with every problem
 * found; returns the normalized body.
 */
export function checkBody<T>(
  shape: Shape,
  body: unknown,
  properties: Record<string, JsonObject>,
  others: OtherApps = NO_OTHER_APPS,
  dialect?: CheckContext['dialect'],
  statuses?: readonly string[],
): T {
  const problems = new Problems();
  const ctx: CheckContext = {
    problems,
    ...fieldIndex(properties),
    queryFields: withStatusOptions(fieldsFromProperties(properties), statuses),
    otherApp: others.fields,
    relatedApp: others.related,
    ...(dialect ? { dialect } : {}),
  };
  const out = shape(body, '', ctx);
  problems.throwIfAny();
  return out as T;
}
