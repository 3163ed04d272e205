import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import {
  FIELD_PROPERTIES,
  FIELD_TYPES,
  FIXED_SYSTEM_FIELD_TYPES,
  UNIQUE_FIELD_TYPES,
  SYSTEM_FIELD_TYPES,
  isSystemFieldType,
  newFieldDefaults,
  type FieldType,
} from '../../src/platform/index.js';

/**
 * The platform table against the local service over HTTP: a field of each type, added with only
 * what it cannot do without, takes each property FIELD_PROPERTIES lists for its type and refuses
 * every other one. The sample values are this test's own, valid for the types that take them.
 */
const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';

const ARRAY_DEFAULTS = new Set([
  'CHECK_BOX',
  'MULTI_SELECT',
  'USER_SELECT',
  'ORGANIZATION_SELECT',
  'GROUP_SELECT',
]);
const OPTIONS = { a: { label: 'a', index: '0' } };

/** One valid value per property, for a field of `type`; `related` is an app with a text field `key`. */
function sample(property: string, type: string, related: string, code: string): unknown {
  const values: Record<string, unknown> = {
    label: 'Label',
    noLabel: true,
    required: true,
    unique: true,
    defaultValue: ARRAY_DEFAULTS.has(type) ? [] : '',
    minLength: '1',
    maxLength: '10',
    minValue: '0',
    maxValue: '9',
    expression: '',
    hideExpression: true,
    digit: true,
    displayScale: '2',
    unit: 'kg',
    unitPosition: 'AFTER',
    format: 'NUMBER',
    protocol: 'MAIL',
    options: OPTIONS,
    align: 'VERTICAL',
    defaultNowValue: true,
    thumbnailSize: '250',
    entities: [],
    openGroup: true,
    enabled: false,
    lookup: { relatedApp: { app: related }, relatedKeyField: 'key' },
    fields: { [`${code}_column`]: { type: 'NUMBER', code: `${code}_column`, label: 'Column' } },
    referenceTable: {
      relatedApp: { app: related },
      condition: { field: 'Record_number', relatedField: 'key' },
      displayFields: ['key'],
    },
  };
  if (!(property in values)) throw new Error(`no sample for ${property}`);
  return values[property];
}

/** What a new field of `type` cannot be added without. */
const MUST_HAVE: Partial<Record<FieldType, string[]>> = {
  CALC: ['expression'],
  CHECK_BOX: ['options'],
  MULTI_SELECT: ['options'],
  RADIO_BUTTON: ['options'],
  DROP_DOWN: ['options'],
  SUBTABLE: ['fields'],
  REFERENCE_TABLE: ['referenceTable'],
};

function minimal(type: FieldType, code: string, related: string): Record<string, unknown> {
  const def: Record<string, unknown> = { type, code, label: code };
  for (const p of MUST_HAVE[type] ?? []) def[p] = sample(p, type, related, code);
  if (type === 'CALC') def.expression = '1+1';
  return def;
}

/** Every property any type keeps, and two that none does (`size` is a layout element's). */
const NOT_KEPT = ['bogus', 'size'];
const UNIVERSE = [...new Set([...Object.values(FIELD_PROPERTIES).flat(), ...NOT_KEPT])].sort();
const sampleOf = (property: string) => (NOT_KEPT.includes(property) ? 'label' : property);
const ADDABLE = FIELD_TYPES.filter((t) => !isSystemFieldType(t));

async function relatedApp(): Promise<string> {
  const related = await emu.deployedApp('Related');
  await emu.call('POST', FIELDS, {
    app: related,
    properties: { key: { type: 'SINGLE_LINE_TEXT', code: 'key', label: 'Key' } },
  });
  await emu.deploy([related]);
  return related;
}

describe('FIELD_PROPERTIES agrees with what the local service accepts', () => {
  it.each(ADDABLE.map((t) => [t]))('%s: added bare, then with each property', async (type) => {
    const related = await relatedApp();
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Fields' })).body.app as string;
    const bare = await emu.call('POST', FIELDS, {
      app,
      properties: { bare: minimal(type, 'bare', related) },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);

    const accepted: string[] = [];
    for (const property of UNIVERSE) {
      const code = `f_${property}`;
      const def = {
        ...minimal(type, code, related),
        [property]: sample(sampleOf(property), type, related, code),
      };
      const res = await emu.call('POST', FIELDS, { app, properties: { [code]: def } });
      if (res.status === 200) accepted.push(property);
      else {
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors ?? {}), property).toContain(`properties.${code}.${property}`);
      }
    }
    // Every other type takes `unique` too and drops it (platform-facts-verified).
    const dropped = UNIQUE_FIELD_TYPES.has(type) ? [] : ['unique'];
    expect(accepted).toEqual([...FIELD_PROPERTIES[type], ...dropped].sort());
  });

  it.each(SYSTEM_FIELD_TYPES.map((t) => [t]))('%s: changed with each property', async (type) => {
    const related = await relatedApp();
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'System' })).body.app as string;
    const fields = (await emu.call('GET', FIELDS, { app })).body.properties as Record<
      string,
      { type: string }
    >;
    const code = Object.keys(fields).find((c) => fields[c]!.type === type)!;
    const accepted: string[] = [];
    for (const property of UNIVERSE) {
      const value = sample(sampleOf(property), type, related, code);
      const res = await emu.call('PUT', FIELDS, { app, properties: { [code]: { type, [property]: value } } });
      if (res.status === 200) accepted.push(property);
      else expect(Object.keys(res.body.errors ?? {}), property).toContain(`properties.${code}.${property}`);
    }
    // STATUS, STATUS_ASSIGNEE and CATEGORY cannot be changed through the fields API: only a
    // property sent as it already is (here `enabled: false`) passes.
    const expected = FIXED_SYSTEM_FIELD_TYPES.has(type)
      ? FIELD_PROPERTIES[type].filter((p) => p === 'enabled')
      : FIELD_PROPERTIES[type];
    expect(accepted).toEqual([...expected].sort());
  });
});

describe('newFieldDefaults: values the local service takes back as they are', () => {
  it.each(ADDABLE.map((t) => [t]))('%s', async (type) => {
    const related = await relatedApp();
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Defaults' })).body.app as string;
    const defaults = newFieldDefaults(type);
    expect(Object.keys(defaults).every((k) => FIELD_PROPERTIES[type].includes(k))).toBe(true);
    const def = { ...minimal(type, 'f', related), ...defaults };
    const res = await emu.call('POST', FIELDS, { app, properties: { f: def } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (await emu.call('GET', FIELDS, { app })).body.properties.f;
    expect(stored).toMatchObject(JSON.parse(JSON.stringify(defaults)));
  });
});
