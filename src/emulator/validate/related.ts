/**
 * Lookups and related-records tables: what they name in the related app must be live there.
 *
 * The hosted platform reads a lookup's or a related-records table's related app from its live
 * (deployed) settings: the app must have been deployed, and the fields the reference names must
 * be in its live form, not only in its draft. Evidence: r3-yamauchi/kintone-mcp-server's lookup
 * notes (src/server/tools/documentation/lookup.js: "the related app must be deployed to the
 * production environment; an app in the preview environment cannot be referred to");
 * tuanemuy/kintone-migrator applies apps in `dependsOn` order, each deployed before the apps that
 * refer to it (spec/projectConfig.md). The refusal's code is CB_VA01 with the field's parameter
 * path as its key, as SonicGarden/kintone-emulator recorded for a lookup definition the platform
 * refuses (doc/kintone-behavior-notes.md §10: `relatedKeyField` naming `$id` answers CB_VA01 keyed
 * by the lookup's `relatedKeyField`). No public record shows the exact answer to a reference to an
 * undeployed app or a draft-only field; CB_VA01 on the naming parameter is the closest evidenced.
 */
import { fieldsFromProperties } from '../../query/index.js';
import { copiedTwiceRefusal, lookupCopyPairs, lookupCopyRefusal } from '../../platform/index.js';
import { Problems } from '../errors.js';
import type { JsonObject } from '../model/app.js';
import { appRef } from './common.js';
import { placeField } from './place-field.js';
import { fieldIndex } from './context.js';
import { filterCond, sortClause } from './query.js';
import {
  arr,
  byValue,
  int,
  join,
  obj,
  str,
  type CheckContext,
  type RelatedApp,
  type Shape,
} from './shape.js';

/** A field code of the related app, which must be in its live form. */
function liveField(related: RelatedApp): Shape {
  return (value, path, ctx) => {
    const code = str()(value, path, ctx);
    if (typeof code !== 'string' || related.kind !== 'live') return code;
    if (fieldIndex(related.properties).fields.has(code)) return code;
    ctx.problems.add(
      path,
      related.draft.has(code)
        ? `The field "${code}" of the related app (id: ${related.id}) is not live: deploy that app first.`
        : `The field "${code}" does not exist in the related app.`,
    );
    return code;
  };
}

/** A filter or sort run in the related app: checked against its live form. */
function inRelatedApp(shape: Shape, related: RelatedApp): Shape {
  return (value, path, ctx) => {
    if (related.kind !== 'live') return str()(value, path, ctx);
    const properties = related.properties;
    const there: CheckContext = {
      ...ctx,
      ...fieldIndex(properties),
      queryFields: fieldsFromProperties(properties),
    };
    return shape(value, path, there);
  };
}

/** The related app named by `relatedApp`, refused where it is absent or was never deployed. */
function withRelatedApp(build: (related: RelatedApp) => Shape): Shape {
  return byValue((value, path, ctx) => {
    const ref = (value as { relatedApp?: { app?: unknown; code?: unknown } } | null)?.relatedApp;
    if (!ref || typeof ref !== 'object') return build({ kind: 'missing' });
    const related = ctx.relatedApp(ref.app, ref.code);
    const named =
      typeof ref.app === 'string' || typeof ref.app === 'number' ? String(ref.app) : String(ref.code);
    if (related.kind === 'missing')
      ctx.problems.add(join(path, 'relatedApp'), `The related app (${named}) does not exist.`);
    else if (related.kind === 'not-deployed')
      ctx.problems.add(
        join(path, 'relatedApp'),
        `The related app (id: ${related.id}) has never been deployed: deploy it before a lookup or related-records table names it.`,
      );
    return build(related);
  });
}

/**
 * A copy pairs types the platform pairs (platform/lookup-copies.ts, with its evidence): refused
 * at the copy's `field`, as CB_VA01 (the key the platform uses is not recorded).
 */
function pairedCopy(shape: Shape, related: RelatedApp): Shape {
  return (value, path, ctx) => {
    const out = shape(value, path, ctx) as { field?: unknown; relatedField?: unknown } | undefined;
    if (!out || related.kind !== 'live') return out;
    const { field, relatedField } = out;
    const target = typeof field === 'string' ? ctx.fields.get(field) : undefined;
    const source =
      typeof relatedField === 'string' ? fieldIndex(related.properties).fields.get(relatedField) : undefined;
    if (target === undefined || source === undefined || lookupCopyPairs(target, source)) return out;
    ctx.problems.add(
      join(path, 'field'),
      `${capitalized(lookupCopyRefusal({ code: field as string, type: target }, { code: relatedField as string, type: source }))}.`,
    );
    return undefined;
  };
}

/**
 * One field is the destination of one lookup copy (platform/lookup-copies.ts): the form as a
 * write leaves it, refused at the second copy naming a destination (CB_VA01).
 */
export function refuseCopiedTwice(properties: Readonly<Record<string, JsonObject>>): void {
  const problems = new Problems();
  const seen = new Set<string>();
  const visit = (props: Readonly<Record<string, JsonObject>>, at: string) => {
    for (const [code, def] of Object.entries(props)) {
      const lookup = def.lookup as { fieldMappings?: unknown } | undefined;
      const mappings = Array.isArray(lookup?.fieldMappings) ? lookup.fieldMappings : [];
      mappings.forEach((m: unknown, i: number) => {
        const target = (m as { field?: unknown } | null)?.field;
        if (typeof target !== 'string') return;
        if (seen.has(target))
          problems.add(
            `${join(join(at, code), 'lookup.fieldMappings')}[${i}].field`,
            `${capitalized(copiedTwiceRefusal(target))}.`,
          );
        seen.add(target);
      });
      const inner = def.fields;
      if (def.type === 'SUBTABLE' && inner && typeof inner === 'object' && !Array.isArray(inner))
        visit(inner as Record<string, JsonObject>, `${join(at, code)}.fields`);
    }
  };
  visit(properties, 'properties');
  problems.throwIfAny();
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A lookup: keys, mappings and picker fields name live fields of the related app. */
export const lookup: Shape = withRelatedApp((related) =>
  obj(
    {
      relatedApp: appRef,
      relatedKeyField: liveField(related),
      fieldMappings: arr(
        pairedCopy(
          obj(
            {
              field: placeField('fields', 'properties.*.lookup.fieldMappings[*].field'),
              relatedField: liveField(related),
            },
            { required: ['field', 'relatedField'] },
          ),
          related,
        ),
      ),
      lookupPickerFields: arr(liveField(related)),
      filterCond: inRelatedApp(filterCond, related),
      sort: inRelatedApp(sortClause, related),
    },
    // Left out: no copies, no picker columns, no filter. The official client's Lookup
    // (KintoneFields/types/property.d.ts) answers all three, never optional; "" is the query that
    // filters nothing, as a view's filterCond. What the platform answers for a sort left out is
    // not recorded (the official client sweep's KNOWN says the same of a view's sort).
    {
      required: ['relatedApp', 'relatedKeyField'],
      defaults: { fieldMappings: [], lookupPickerFields: [], filterCond: '' },
    },
  ),
);

/** A related-records table: the condition pairs a field of this app with a live one of the related app. */
export const referenceTable: Shape = withRelatedApp((related) =>
  obj(
    {
      relatedApp: appRef,
      condition: obj(
        {
          field: placeField('fields', 'properties.*.referenceTable.condition.field'),
          relatedField: liveField(related),
        },
        { required: ['field', 'relatedField'] },
      ),
      filterCond: inRelatedApp(filterCond, related),
      displayFields: arr(liveField(related)),
      sort: inRelatedApp(sortClause, related),
      size: int(1),
    },
    // A filter left out is "": the official client's ReferenceTable answers filterCond, never
    // optional (its sort and size likewise, for which no evidence says the value: left out).
    { required: ['relatedApp', 'condition'], defaults: { filterCond: '' } },
  ),
);
