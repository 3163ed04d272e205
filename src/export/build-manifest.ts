/**
 * Canonical settings -> one manifest object: each area's part (its `toManifest`) merged in, with
 * the order a reader expects and the service shows: top-level keys in the schema's order,
 * fields in the order of the form's layout (the rest by code), and views, graphs, actions and
 * states as the areas order them (by index).
 */
import { readFileSync } from 'node:fs';
import type { Area, AreaKey, ExportContext, Json } from '../areas/types.js';

type Obj = Record<string, unknown>;

/** The top-level keys of a manifest, in the order the schema lists them. */
const TOP_LEVEL_ORDER = Object.keys(
  (
    JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8')) as {
      properties: Obj;
    }
  ).properties,
);

export interface AreaPart {
  area: Area;
  /** The area's canonical value as read from the service. */
  current: Json;
  /** What the area contributes to the manifest. */
  part: Obj;
}

/** Every area's manifest part; an area that cannot render its value is a bug, named here. */
export function areaParts(
  areas: readonly Area[],
  values: ReadonlyMap<AreaKey, Json>,
  ctx: ExportContext,
): AreaPart[] {
  return areas.flatMap((area) => {
    const current = values.get(area.key);
    if (current === undefined) return [];
    return [{ area, current, part: area.toManifest(current, ctx) }];
  });
}

/** The parts merged into one manifest (over `base`: what the app list says), ordered. */
export function buildManifest(parts: readonly AreaPart[], base: Obj = {}): Obj {
  let merged: Obj = { ...base };
  for (const { part } of parts) merged = mergeParts(merged, part);
  if (isObject(merged.fields)) merged.fields = orderFields(merged.fields, merged.layout);
  return orderTopLevel(merged);
}

/** Parts share top-level keys (the three kinds of notifications): maps are merged, deeply. */
function mergeParts(into: Obj, part: Obj): Obj {
  const out: Obj = { ...into };
  for (const [key, value] of Object.entries(part)) {
    if (value === undefined) continue;
    const have = out[key];
    out[key] = isObject(have) && isObject(value) ? mergeParts(have, value) : value;
  }
  return out;
}

function orderTopLevel(manifest: Obj): Obj {
  const rank = (key: string) => {
    const i = TOP_LEVEL_ORDER.indexOf(key);
    return i === -1 ? TOP_LEVEL_ORDER.length : i;
  };
  const keys = Object.keys(manifest).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, manifest[key]]));
}

/** Fields in the layout's order, a table's columns in its block's order; the rest by code. */
function orderFields(fields: Obj, layout: unknown): Obj {
  const order = new Map<string, string[]>();
  const top: string[] = [];
  const walk = (blocks: unknown): void => {
    for (const raw of Array.isArray(blocks) ? blocks : []) {
      const block = (raw ?? {}) as Obj;
      if (block.type === 'GROUP') {
        top.push(String(block.code));
        walk(block.layout);
      } else if (block.type === 'SUBTABLE') {
        top.push(String(block.code));
        order.set(String(block.code), codes(block.fields));
      } else top.push(...codes(block.fields));
    }
  };
  walk(layout);
  const out = byOrder(fields, top);
  for (const [code, columns] of order) {
    const table = out[code];
    if (isObject(table) && isObject(table.fields))
      out[code] = { ...table, fields: byOrder(table.fields, columns) };
  }
  return out;
}

function codes(elements: unknown): string[] {
  return (Array.isArray(elements) ? elements : []).flatMap((e) => {
    const code = (e as Obj | null)?.code;
    return typeof code === 'string' && code !== '' ? [code] : [];
  });
}

function byOrder(map: Obj, order: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of order) if (key in map) out[key] = map[key];
  for (const key of Object.keys(map).sort()) if (!(key in out)) out[key] = map[key];
  return out;
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
