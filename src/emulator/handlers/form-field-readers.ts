/**
 * Which other app reads a field that a fields DELETE would remove. The hosted platform refuses
 * the deletion while another app's lookup or related-records table names the field: kintone help
 * "An error message appears and I cannot delete a field" (article 040792,
 * help.kintone.com/k/en/trouble_shooting/app_trouble/delete_field_error.html) gives the two
 * answers, GAIA_LO02 for a lookup and GAIA_RE07 for a related-records table, each naming the
 * field and the app that read it. The help shows them where the form is saved, that is at the
 * draft write (the fields DELETE), not at the deploy.
 *
 * What the evidence leaves open, and what is chosen here: the HTTP status (400, as the platform's
 * other settings refusals); which settings of a lookup count (here its key field, its mapped
 * related fields and its picker fields; of a related-records table its condition's related field
 * and its display fields; a filter or sort naming the field is not checked); whether the other
 * app's draft or live settings count (here either); and an app's lookup into itself (not
 * checked: the help speaks of other apps).
 */
import { ApiError } from '../errors.js';
import { APPS_TABLE, type AppDoc, type AppSettings, type Json, type JsonObject } from '../model/app.js';
import { namesApp } from '../model/publish.js';
import type { EmulatorContext } from '../context.js';

type Properties = Record<string, JsonObject>;

interface Reader {
  readonly kind: 'lookup' | 'related';
  /** The reading field's label (its code when it has none), and the reading app's name. */
  readonly field: string;
  readonly app: string;
}

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The codes of the related app that a lookup or a related-records table of `def` names. */
function namedCodes(def: JsonObject, app: AppDoc): { kind: Reader['kind']; codes: string[] } | null {
  const lookup = def.lookup;
  if (isObject(lookup) && namesApp(lookup.relatedApp, app)) {
    const mappings = Array.isArray(lookup.fieldMappings) ? lookup.fieldMappings : [];
    const mapped = mappings.flatMap((m) =>
      isObject(m) && typeof m.relatedField === 'string' ? [m.relatedField] : [],
    );
    const key = typeof lookup.relatedKeyField === 'string' ? [lookup.relatedKeyField] : [];
    return { kind: 'lookup', codes: [...key, ...mapped, ...strings(lookup.lookupPickerFields)] };
  }
  const table = def.referenceTable;
  if (isObject(table) && namesApp(table.relatedApp, app)) {
    const condition = isObject(table.condition) ? table.condition.relatedField : undefined;
    return {
      kind: 'related',
      codes: [...(typeof condition === 'string' ? [condition] : []), ...strings(table.displayFields)],
    };
  }
  return null;
}

/** The first field of `settings` (tables' columns included) that reads one of `codes` of `app`. */
function readerIn(
  settings: AppSettings,
  app: AppDoc,
  codes: ReadonlySet<string>,
): Omit<Reader, 'app'> | null {
  const visit = (props: Properties): Omit<Reader, 'app'> | null => {
    for (const [code, def] of Object.entries(props)) {
      const named = namedCodes(def, app);
      if (named?.codes.some((c) => codes.has(c)))
        return {
          kind: named.kind,
          field: typeof def.label === 'string' && def.label !== '' ? def.label : code,
        };
      if (isObject(def.fields)) {
        const inner = visit(def.fields as Properties);
        if (inner) return inner;
      }
    }
    return null;
  };
  return visit(settings.properties);
}

/** The first other app's field that reads one of `liveCodes` of `app`, or null. */
export function fieldReader(
  ctx: EmulatorContext,
  app: AppDoc,
  liveCodes: ReadonlySet<string>,
): Reader | null {
  if (liveCodes.size === 0) return null;
  for (const other of ctx.store.table<AppDoc>(APPS_TABLE).values()) {
    if (other.id === app.id) continue;
    for (const settings of [other.draft, other.live]) {
      const found = settings && readerIn(settings, app, liveCodes);
      if (found) return { ...found, app: settingsName(other) };
    }
  }
  return null;
}

function settingsName(app: AppDoc): string {
  const name = (app.live ?? app.draft).general.name;
  return typeof name === 'string' && name !== '' ? name : app.id;
}

/** The platform's refusal of a deletion another app's field reads (GAIA_LO02, GAIA_RE07). */
export function readerRefusal(reader: Reader): ApiError {
  if (reader.kind === 'lookup')
    return new ApiError(
      400,
      'GAIA_LO02',
      `Cannot delete the field. The field has been referred from a Lookup field "${reader.field}" in an app "${reader.app}". Change the settings of the "Lookup" field or delete the field itself in the app.`,
    );
  return new ApiError(
    400,
    'GAIA_RE07',
    `Cannot delete the field. The field has been referred from a Related Records field "${reader.field}" in an app "${reader.app}". Change the settings of the "Related Records" field or delete the field itself in the app.`,
  );
}
