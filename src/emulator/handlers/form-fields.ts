import { Problems } from '../errors.js';
import { writeSettings } from '../model/settings-write.js';
import { checkBody, fieldIndex } from '../validate/context.js';
import { fieldDefinition } from '../validate/fields.js';
import { refuseCopiedTwice } from '../validate/related.js';
import { storedDefinition } from '../validate/field-keeps.js';
import { isSystemFieldType, newFieldDefaults, settingsPaths, type FieldType } from '../../platform/index.js';
import { anyJson, arr, join, map, obj, str, type Shape } from '../validate/shape.js';
import { addToTableRows, dropFieldReferences, rowFor } from './form-layout-ops.js';
import { requestedRenames } from './form-renames.js';
import { codeProblem } from '../validate/field-code.js';
import { renameInApp } from '../model/renames/in-app.js';
import type { FormChange } from '../model/settings-write.js';
import { copyReadRoutes, otherAppFields } from './settings/routes.js';
import type { AppDoc, AppSettings, JsonObject } from '../model/app.js';
import { liveCodeOf } from '../model/renames/pending.js';
import { fieldReader, readerRefusal } from './form-field-readers.js';
import type { ApiRequest, Route } from '../context.js';

type Properties = Record<string, JsonObject>;

/** Every code a request adds (top-level and inside new or changed tables), each checked for clashes. */
function newCodes(
  given: Record<string, unknown>,
  current: Properties,
  problems: Problems,
  topLevelNew: boolean,
): void {
  const { fields: existing, inTable } = fieldIndex(current);
  const seen = new Set<string>();
  const visit = (code: string, path: string, def: unknown, isNew: boolean) => {
    if (isNew) {
      const bad =
        codeProblem(code) ??
        (existing.has(code) || seen.has(code) ? `The field code "${code}" is already used.` : null);
      if (bad) problems.add(path, bad);
      seen.add(code);
    }
    const inner = (def as { fields?: unknown } | null)?.fields;
    if (typeof inner === 'object' && inner !== null)
      for (const [c, d] of Object.entries(inner))
        visit(c, join(join(path, 'fields'), c), d, inTable.get(c) !== code);
  };
  for (const [code, def] of Object.entries(given)) visit(code, join('properties', code), def, topLevelNew);
}

/** The form as it would be with `given` merged in, so references between new fields resolve. */
function candidate(current: Properties, given: Record<string, unknown>): Properties {
  const out: Properties = { ...current };
  for (const [code, def] of Object.entries(given)) {
    if (typeof def !== 'object' || def === null) continue;
    const merged: JsonObject = { ...current[code], ...(def as JsonObject), code };
    // A table's columns the request leaves out stay (a PUT changes the columns it names).
    const had = current[code]?.fields;
    if (isObject(had) && isObject(merged.fields)) merged.fields = { ...had, ...merged.fields };
    out[code] = merged;
  }
  return out;
}

/**
 * The candidate form with each field a request renames also under its new code, beside its old
 * one (in its table for a table's column): a formula of the same request may name either, as the
 * platform moves a formula's references along with a rename (renameInApp follows them here).
 */
function withRenamedCodes(properties: Properties, renames: ReadonlyMap<string, string>): Properties {
  const out: Properties = { ...properties };
  for (const [from, to] of renames) {
    const top = out[from];
    if (top) {
      out[to] = { ...top, code: to };
      continue;
    }
    for (const [code, def] of Object.entries(out)) {
      const inner = (def.fields ?? undefined) as Properties | undefined;
      if (inner?.[from]) out[code] = { ...def, fields: { ...inner, [to]: { ...inner[from], code: to } } };
    }
  }
  return out;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertiesBody(properties: Shape): Shape {
  return obj({ properties, app: anyJson, revision: anyJson }, { required: ['properties'] });
}

function givenProperties(req: ApiRequest): Record<string, unknown> {
  return req.params.object('properties');
}

/** POST: new fields, each appended to the layout in a row of its own. */
function addFields(req: ApiRequest): unknown {
  const given = givenProperties(req);
  return writeFields(req, (s) => {
    const problems = new Problems();
    newCodes(given, s.properties, problems, true);
    problems.throwIfAny();
    const shape = propertiesBody(map((code) => fieldDefinition('add', undefined, code)));
    const body = checkBody<{ properties: Properties }>(
      shape,
      req.params.raw,
      candidate(s.properties, given),
      otherAppFields(req),
    );
    const kept = Object.fromEntries(
      Object.entries(body.properties).map(([code, def]) => [code, storedDefinition(def)]),
    );
    const added = Object.values(kept);
    refuseCopiedTwice({ ...s.properties, ...kept });
    return {
      ...s,
      properties: { ...s.properties, ...kept },
      layout: [...s.layout, ...added.map(rowFor)],
    };
  });
}

/**
 * PUT: changes to existing fields; the type stays; a new `code` renames the field, and every
 * reference to it in the draft follows; new fields of an existing table join its row.
 */
function changeFields(req: ApiRequest): unknown {
  const given = givenProperties(req);
  return writeFields(req, (s): FormChange => {
    const problems = new Problems();
    for (const code of Object.keys(given))
      if (!s.properties[code])
        problems.add(join('properties', code), `The field "${code}" does not exist; add it with POST first.`);
    problems.throwIfAny();
    const inner = Object.fromEntries(
      Object.entries(given).map(([code, def]) => [
        code,
        { fields: (def as { fields?: unknown } | null)?.fields },
      ]),
    );
    newCodes(inner, s.properties, problems, false);
    const renames = requestedRenames(given, s.properties, problems);
    problems.throwIfAny();
    const shape = propertiesBody(map((code) => fieldDefinition('change', s.properties[code], code)));
    const body = checkBody<{ properties: Properties }>(
      shape,
      req.params.raw,
      withRenamedCodes(candidate(s.properties, given), renames),
      otherAppFields(req),
    );
    let layout = s.layout;
    const properties = { ...s.properties };
    for (const [code, change] of Object.entries(body.properties)) {
      const before = s.properties[code]!;
      const next: JsonObject = { ...before, ...change };
      if (before.type === 'SUBTABLE' && change.fields) {
        const old = (before.fields ?? {}) as Properties;
        const merged: Properties = { ...old };
        for (const [c, d] of Object.entries(change.fields as Properties)) merged[c] = { ...old[c], ...d };
        next.fields = merged;
        const added = Object.keys(change.fields as Properties).filter((c) => !old[c]);
        layout = addToTableRows(
          layout,
          code,
          added.map((c) => merged[c]!),
        );
      }
      properties[code] = storedDefinition(next);
    }
    refuseCopiedTwice(properties);
    return { settings: renameInApp({ ...s, properties, layout }, renames), renames, deleted: [] };
  });
}

/** DELETE: the fields leave the form, the layout, view columns and field ACL rules (their data goes on deploy). */
const deleteBody = obj({ fields: arr(str()), app: anyJson, revision: anyJson });

function deleteFields(req: ApiRequest): unknown {
  const codes = req.params.array('fields', { required: true, max: 100 });
  checkBody(deleteBody, { ...req.params.raw, fields: codes }, {});
  return writeFields(req, (s, app) => {
    const { fields } = fieldIndex(s.properties);
    const problems = new Problems();
    codes.forEach((code, i) => {
      const type = typeof code === 'string' ? fields.get(code) : undefined;
      if (type === undefined) problems.add(`fields[${i}]`, `The field "${String(code)}" does not exist.`);
      else if (isSystemFieldType(type))
        problems.add(`fields[${i}]`, `The system field "${String(code)}" cannot be deleted.`);
    });
    problems.throwIfAny();
    const gone = new Set(codes as string[]);
    // Another app's lookup or related-records table reading one of them: refused (GAIA_LO02,
    // GAIA_RE07, form-field-readers.ts). They read live codes: a field new in the draft has none.
    const live = [...gone].flatMap((code) => liveCodeOf(app.renamed ?? {}, app.live, code) ?? []);
    const reader = fieldReader(req.ctx, app, new Set(live));
    if (reader) throw readerRefusal(reader);
    const properties: Properties = {};
    for (const [code, def] of Object.entries(s.properties)) {
      if (gone.has(code)) continue;
      if (def.type !== 'SUBTABLE') properties[code] = def;
      else {
        const kept = Object.entries((def.fields ?? {}) as Properties).filter(([c]) => !gone.has(c));
        properties[code] = { ...def, fields: Object.fromEntries(kept) };
      }
    }
    return {
      settings: dropFieldReferences({ ...s, properties }, gone),
      renames: new Map(),
      deleted: [...gone],
    };
  });
}

function writeFields(
  req: ApiRequest,
  change: (s: AppSettings, app: AppDoc) => AppSettings | FormChange,
): unknown {
  const { revision } = writeSettings(req, 'draft', change);
  return { revision };
}

const FIELDS = settingsPaths('fields');

/**
 * Field definitions as answered: every property of the type, those never written with the value
 * the platform gives a new field (newFieldDefaults, platform/field-defaults.ts, which cites its
 * evidence and marks its guesses). The official client's property.d.ts types every property of
 * each type as present (none optional), and kintone's Get Form Fields samples answer them all. A
 * lookup field answers type, code, label, noLabel, required and lookup only (`Lookup` there).
 */
function answeredProperties(properties: Properties): Properties {
  return Object.fromEntries(Object.entries(properties).map(([code, def]) => [code, answeredDefinition(def)]));
}

function answeredDefinition(def: JsonObject): JsonObject {
  const defaults = newFieldDefaults(def.type as FieldType);
  const filled: JsonObject =
    def.lookup !== undefined
      ? { noLabel: defaults.noLabel as boolean, required: defaults.required as boolean, ...def }
      : { ...(structuredClone(defaults) as JsonObject), ...def };
  if (isObject(def.fields)) filled.fields = answeredProperties(def.fields as Properties);
  return filled;
}

/** The fields API, and the deprecated combined form API (`{properties: [definitions]}`). */
export const formFieldRoutes: Route[] = [
  ...copyReadRoutes(FIELDS, 'any', 'view', true, (s) => ({ properties: answeredProperties(s.properties) })),
  { method: 'POST', path: FIELDS.draft, auth: 'any', handler: addFields },
  { method: 'PUT', path: FIELDS.draft, auth: 'any', handler: changeFields },
  { method: 'DELETE', path: FIELDS.draft, auth: 'any', handler: deleteFields },
];
