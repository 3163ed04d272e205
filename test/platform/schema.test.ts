import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHOICE_FIELD_TYPES,
  FIELD_PROPERTIES,
  FIELD_TYPES,
  INPUT_FIELD_TYPES,
  NOT_IN_SUBTABLE_TYPES,
  SYSTEM_FIELD_TYPES,
  UNIQUE_FIELD_TYPES,
  isSystemFieldType,
  NEW_APP_GENERAL_SETTINGS,
  newFieldDefaults,
  type FieldType,
} from '../../src/platform/index.js';
import { compileSchema } from '../../src/project/schema-compile.js';

/**
 * The platform table against schema/app.schema.json, an independent description written for
 * editors and manifests: both must say the same thing about which keys each field type takes.
 */
interface Def {
  $ref?: string;
  allOf?: Def[];
  if?: { properties?: { type?: { const?: string; enum?: string[] } } };
  then?: Def;
  properties?: Record<string, unknown>;
  enum?: string[];
}
const schema = JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8')) as {
  $defs: Record<string, Def>;
};
const defs = schema.$defs;
const resolve = (def: Def): Def => (def.$ref ? defs[def.$ref.replace('#/$defs/', '')]! : def);

/** The schema definitions that apply to a field of `type` under `field` (conditional branches taken). */
function branchesFor(type: string, def: Def = defs.field!): Def[] {
  const found: Def[] = [];
  for (const part of def.allOf ?? []) {
    const branch = resolve(part);
    if (branch.allOf) found.push(...branchesFor(type, branch));
    const cond = branch.if?.properties?.type;
    if (cond && (cond.const === type || cond.enum?.includes(type)) && branch.then)
      found.push(resolve(branch.then));
  }
  return found;
}

/** The keys the schema lets a manifest write for a field of `type` (besides `type`). */
function schemaKeys(type: string): string[] {
  const branches = branchesFor(type);
  expect(branches, type).toHaveLength(1);
  return Object.keys(branches[0]!.properties ?? {})
    .filter((k) => k !== 'type' && !MANIFEST_ONLY.has(k))
    .sort();
}

/**
 * What a manifest writes that the service never holds: `renamedFrom` tells apply to change a code
 * in place; `migrate` how a field's values convert when its type or table changes (issue 36).
 */
const MANIFEST_ONLY = new Set(['renamedFrom', 'migrate']);

/**
 * What a manifest cannot write although the service reports it: a system field's `enabled`
 * follows process management and categories. (`code` is the manifest's map key.)
 */
const READ_ONLY = new Set(['enabled']);

describe('platform facts agree with schema/app.schema.json', () => {
  it('field types: the same set, in the same order', () => {
    const typeEnum = (defs.field!.properties as { type: { enum: string[] } }).type.enum;
    expect(typeEnum).toEqual([...FIELD_TYPES]);
    expect(FIELD_TYPES.filter(isSystemFieldType)).toEqual([...SYSTEM_FIELD_TYPES]);
  });

  it('subtable columns: every type but those NOT_IN_SUBTABLE_TYPES names', () => {
    const memberEnum = (defs.memberField!.properties as { type: { enum: string[] } }).type.enum;
    expect(memberEnum).toEqual(FIELD_TYPES.filter((t) => !NOT_IN_SUBTABLE_TYPES.has(t)));
  });

  it.each(FIELD_TYPES.map((t) => [t]))('%s: the schema takes exactly FIELD_PROPERTIES', (type) => {
    const expected = FIELD_PROPERTIES[type].filter((p) => !READ_ONLY.has(p)).sort();
    expect(schemaKeys(type)).toEqual(expected);
  });

  it('every field but the system ones may say renamedFrom', () => {
    const withHint = FIELD_TYPES.filter((t) => 'renamedFrom' in (branchesFor(t)[0]!.properties ?? {}));
    expect(withHint).toEqual(FIELD_TYPES.filter((t) => !isSystemFieldType(t)));
  });

  const typesWithKey = (key: string): FieldType[] => FIELD_TYPES.filter((t) => schemaKeys(t).includes(key));

  it('type groups: unique, required and options are kept by the types the groups name', () => {
    expect(typesWithKey('unique')).toEqual(FIELD_TYPES.filter((t) => UNIQUE_FIELD_TYPES.has(t)));
    expect(typesWithKey('required')).toEqual(FIELD_TYPES.filter((t) => INPUT_FIELD_TYPES.has(t)));
    expect(typesWithKey('options')).toEqual(FIELD_TYPES.filter((t) => CHOICE_FIELD_TYPES.has(t)));
  });
});

/** What a manifest field of each type cannot leave out besides its label. */
const MUST_HAVE: Partial<Record<FieldType, Record<string, unknown>>> = {
  CALC: { expression: '1+1' },
  CHECK_BOX: { options: { a: { label: 'a' } } },
  MULTI_SELECT: { options: { a: { label: 'a' } } },
  RADIO_BUTTON: { options: { a: { label: 'a' } } },
  DROP_DOWN: { options: { a: { label: 'a' } } },
  SUBTABLE: { fields: { column: { type: 'NUMBER', label: 'Column' } } },
  REFERENCE_TABLE: {
    referenceTable: {
      relatedApp: { app: 'other' },
      condition: { field: 'x', relatedField: 'y' },
      displayFields: ['y'],
    },
  },
};

describe('what the service fills in is what a manifest may write', () => {
  const validate = compileSchema('app');
  const check = (manifest: unknown) => (validate(manifest) ? [] : validate.errors);

  it.each(FIELD_TYPES.map((t) => [t]))('%s: a field spelling out newFieldDefaults validates', (type) => {
    const field = { type, label: 'Label', ...MUST_HAVE[type], ...newFieldDefaults(type) };
    expect(check({ name: 'App', fields: { f: field } })).toEqual([]);
  });

  it('an app spelling out NEW_APP_GENERAL_SETTINGS validates', () => {
    expect(check({ name: 'App', ...NEW_APP_GENERAL_SETTINGS })).toEqual([]);
  });
});
