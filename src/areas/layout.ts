/**
 * The form layout (`layout` in a manifest): `/k/v1/app/form/layout.json`, draft at `preview/`,
 * written whole with PUT. An ordered list of blocks (ROW, SUBTABLE, GROUP). A size or a field's
 * type is compared only where the manifest gives it: the service fills in sizes of its own, and
 * a field's type is its definition's, which the layout only repeats.
 */
import type {
  AppManifest,
  LayoutBlock,
  LayoutElement,
  LayoutRowSetting,
  PlaceableFieldType,
  Size,
} from '../project/manifest.js';
import { FIELD_TYPES, layoutSizeKeys } from '../platform/index.js';
import { asList, asRecord, defined, isOneOf, numeric, text } from './canonical.js';
import { diffList, unchangedInList } from './diff.js';
import type { Area, Json, JsonObject } from './types.js';

/** A block of the layout: a row of elements, a table's columns, or a group of blocks. */
type Block =
  | { type: 'ROW'; fields: JsonObject[] }
  | { type: 'SUBTABLE'; code: string; fields: JsonObject[] }
  | { type: 'GROUP'; code: string; layout: Block[] };
type Layout = Block[];

const DECORATIONS = new Set(['LABEL', 'SPACER', 'HR']);

/** The field types a layout row shows (the manifest's PlaceableFieldType: not blocks, not the process's). */
const NOT_PLACEABLE: ReadonlySet<string> = new Set([
  'SUBTABLE',
  'GROUP',
  'STATUS',
  'STATUS_ASSIGNEE',
  'CATEGORY',
]);
const PLACEABLE = FIELD_TYPES.filter((type): type is PlaceableFieldType => !NOT_PLACEABLE.has(type));

export const layoutArea: Area<Layout, 'layout'> = {
  key: 'layout',
  // It places the fields, lookups and related-records tables included: after they are written.
  phases: [{ name: 'layout', after: ['fields-references'] }],
  itemNoun: 'row',
  fromManifest: (manifest) =>
    manifest.layout === undefined ? undefined : canonicalLayout(manifest.layout, fieldTypes(manifest)),
  toManifest: (layout) => ({ layout: layout.map(blockToManifest) }),
  read: async ({ client, app, copy }) => {
    const { layout, revision } = await client.form.getLayout({ app, copy });
    return { value: canonicalLayout(layout, new Map()), revision };
  },
  diff: (desired, current) => diffList(desired, projectOnto(current, desired)),
  unchangedCount: (desired, current) => unchangedInList(desired, projectOnto(current, desired)),
  writes: (desired) => [
    {
      phase: 'layout',
      describe: `layout: ${desired.length} row${desired.length === 1 ? '' : 's'}`,
      run: async (ctx, revision) => {
        // The service wants each field's type; the fields written just before say it.
        const { properties } = await ctx.client.form.getFields({ app: ctx.app, copy: 'draft' });
        const types = typesOf(properties);
        const layout = desired.map((block) => withTypes(block, types));
        return (await ctx.client.form.updateLayout({ app: ctx.app, layout: layout as never, revision }))
          .revision;
      },
    },
  ],
};

function canonicalLayout(blocks: readonly unknown[], types: ReadonlyMap<string, string>): Layout {
  return blocks.map((raw) => {
    const block = asRecord(raw);
    const type = text(block.type, 'ROW');
    if (type === 'GROUP')
      return { type, code: text(block.code), layout: canonicalLayout(asList(block.layout), types) };
    if (type === 'SUBTABLE') return { type, code: text(block.code), fields: elements(block.fields, types) };
    return { type: 'ROW', fields: elements(block.fields, types) };
  });
}

function elements(value: unknown, types: ReadonlyMap<string, string>): JsonObject[] {
  return asList(value).map((raw) => {
    const e = asRecord(raw);
    const type = typeof e.type === 'string' ? e.type : undefined;
    const code = text(e.code);
    const size = sizeOf(e.size, type ?? types.get(code));
    if (type !== undefined && DECORATIONS.has(type))
      return defined({
        type,
        label: type === 'LABEL' ? text(e.label) : undefined,
        // None and "" are the same: apply writes none (a label or border has no elementId in the
        // official client's layout types, so a hand-made one reads without it).
        elementId: type === 'HR' || text(e.elementId) === '' ? undefined : text(e.elementId),
        size,
      });
    return defined({ type: type ?? types.get(code), code, size });
  });
}

/**
 * A size with only the keys the element's type has (platform layoutSizeKeys: `innerHeight` for
 * multi-line and rich text, `height` for a spacer, else `width`), the only ones the service
 * keeps. An element whose type is not known keeps what it gives (validate names the type).
 */
function sizeOf(value: unknown, type: string | undefined): JsonObject | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const s = asRecord(value);
  const keys = type === undefined ? ['width', 'height', 'innerHeight'] : layoutSizeKeys(type);
  const out: JsonObject = {};
  for (const key of keys) if (s[key] !== undefined && s[key] !== '') out[key] = numeric(s[key]);
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The current layout reduced to what the desired one states: sizes and field types are kept
 * only where the element at the same place in the desired layout gives them, and only the size
 * keys it gives. Elements are matched by code (fields) or by position (decorations).
 */
function projectOnto(current: Layout, desired: Layout): Layout {
  const wanted = new Map<string, JsonObject>();
  collect(desired, wanted);
  const project = (blocks: Layout, path: string): Layout =>
    blocks.map((block, b) => {
      if (block.type === 'GROUP') return { ...block, layout: project(block.layout, `${path}${b}.`) };
      const fields = block.fields.map((element, i) => {
        const like = wanted.get(
          typeof element.code === 'string' ? `code:${element.code}` : `${path}${b}.${i}`,
        );
        return reduce(element, like);
      });
      return { ...block, fields };
    });
  return project(current, '');
}

function collect(blocks: Layout, into: Map<string, JsonObject>, path = ''): void {
  blocks.forEach((block, b) => {
    if (block.type === 'GROUP') return collect(block.layout, into, `${path}${b}.`);
    block.fields.forEach((element, i) =>
      into.set(typeof element.code === 'string' ? `code:${element.code}` : `${path}${b}.${i}`, element),
    );
  });
}

function reduce(element: JsonObject, like: JsonObject | undefined): JsonObject {
  const out: JsonObject = { ...element };
  if (!like || like.type === undefined) delete out.type;
  if (!like?.size || !out.size) delete out.size;
  else {
    const keys = Object.keys(asRecord(like.size));
    out.size = Object.fromEntries(Object.entries(asRecord(out.size)).filter(([k]) => keys.includes(k)));
  }
  if (typeof element.type === 'string' && DECORATIONS.has(element.type)) out.type = element.type;
  return out;
}

function withTypes(block: Block, types: ReadonlyMap<string, string>): Block {
  if (block.type === 'GROUP') return { ...block, layout: block.layout.map((row) => withTypes(row, types)) };
  const fields = block.fields.map((e) =>
    e.type === undefined && typeof e.code === 'string' ? { ...e, type: types.get(e.code) ?? null } : e,
  );
  return { ...block, fields };
}

/** Field code -> type, columns included, from a manifest's fields. */
function fieldTypes(manifest: AppManifest): Map<string, string> {
  return typesOf(manifest.fields ?? {});
}

function typesOf(fields: Record<string, { type?: string; fields?: unknown }>): Map<string, string> {
  const types = new Map<string, string>();
  for (const [code, field] of Object.entries(fields)) {
    if (typeof field.type === 'string') types.set(code, field.type);
    for (const [inner, f] of Object.entries(asRecord(field.fields))) {
      const type = asRecord(f).type;
      if (typeof type === 'string') types.set(inner, type);
    }
  }
  return types;
}

/** A canonical layout block as a manifest writes it: the same keys, typed. */
function blockToManifest(block: Block): LayoutBlock {
  switch (block.type) {
    case 'ROW':
      return rowToManifest(block);
    case 'SUBTABLE':
      return { type: block.type, code: block.code, fields: block.fields.map(elementToManifest) };
    case 'GROUP':
      // A group holds rows only (the official client's GroupLayout: RowLayout[]; the schema's too).
      return {
        type: block.type,
        code: block.code,
        layout: block.layout.flatMap((inner) => (inner.type === 'ROW' ? [rowToManifest(inner)] : [])),
      };
  }
}

function rowToManifest(row: Extract<Block, { type: 'ROW' }>): LayoutRowSetting {
  return { type: row.type, fields: row.fields.map(elementToManifest) };
}

/** An element as canonical holds it: a decoration by its type, else a field by its code. */
function elementToManifest(e: JsonObject): LayoutElement {
  const size = e.size === undefined ? {} : { size: sizeToManifest(e.size) };
  const elementId = e.elementId === undefined ? {} : { elementId: text(e.elementId) };
  switch (text(e.type)) {
    case 'LABEL':
      return { type: 'LABEL', label: text(e.label), ...elementId, ...size };
    case 'SPACER':
      return { type: 'SPACER', ...elementId, ...size };
    case 'HR':
      return { type: 'HR', ...size };
    default:
      return { ...(isOneOf(e.type, PLACEABLE) ? { type: e.type } : {}), code: text(e.code), ...size };
  }
}

function sizeToManifest(value: Json): Size {
  const s = asRecord(value);
  const out: Size = {};
  for (const key of ['width', 'height', 'innerHeight'] as const) {
    const v = s[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  return out;
}
