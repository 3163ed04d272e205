import type { LayoutElement } from '../manifest.js';
import type { PathSegment } from '../problems.js';
import type { CheckContext } from './context.js';
import type { FieldInfo } from './field-index.js';
import { isSystemFieldType, layoutSizeKeys, rowElementRefusal } from '../../platform/index.js';

const DECORATIONS = new Set(['LABEL', 'SPACER', 'HR']);

/**
 * The layout places every field of the app exactly once and nothing else: subtable columns only in
 * their subtable's block, subtables and groups only as blocks, system fields at most once.
 */
export function checkLayout(ctx: CheckContext): void {
  const layout = ctx.manifest.layout;
  const index = ctx.app.index;
  if (layout === undefined || index === null) return;
  const placed = new Map<string, PathSegment[]>();
  const blockless = new Set<string>();
  const place = (info: FieldInfo, path: PathSegment[]): boolean => {
    const first = placed.get(info.code);
    if (first) {
      const line = ctx.app.source.locate(first).line;
      ctx.report('LAYOUT.DUPLICATE', `field "${info.code}" is placed twice (first on line ${line})`, path, {
        hint: 'Place each field once; remove one of them.',
      });
      return false;
    }
    placed.set(info.code, path);
    return true;
  };
  const known = (code: string, path: PathSegment[]): FieldInfo | undefined =>
    ctx.field(code, path, { what: 'a layout element', allowSubtable: true });
  const element = (e: LayoutElement, path: PathSegment[], subtable: string | null) => {
    if (!('code' in e)) return checkSize(ctx, e.type, e.size, path);
    const at = [...path, 'code'];
    const info = known(e.code, at);
    if (!info) return;
    checkSize(ctx, info.type, e.size, path);
    // A table, a group, the status, assignee or category is no element of a row
    // (platform/layout-rows.ts, with the evidence).
    const refusal = rowElementRefusal(info.type);
    if (refusal === 'block') {
      // Counted as placed (its columns are then not reported one by one).
      place(info, at);
      blockless.add(info.code);
      return ctx.report(
        'LAYOUT.BLOCK',
        `field "${e.code}" is a ${info.type}; place it as a block of its own`,
        at,
        {
          hint: `Write it as a top-level block: { type: ${info.type}, code: ${e.code}, ${info.type === 'GROUP' ? 'layout' : 'fields'}: [...] }.`,
        },
      );
    }
    if (refusal === 'unshown')
      return ctx.report(
        'LAYOUT.NOT_PLACEABLE',
        `field "${e.code}" is ${info.type}, which the form cannot show`,
        at,
        {
          hint: 'Remove it from the layout.',
        },
      );
    if (e.type !== undefined && !DECORATIONS.has(e.type) && e.type !== info.type)
      ctx.report(
        'LAYOUT.TYPE',
        `type ${e.type} does not match field "${e.code}", which is ${info.type}`,
        [...path, 'type'],
        {
          hint: `Write type: ${info.type}, or leave type out.`,
        },
      );
    if (info.subtable !== subtable) {
      const message =
        info.subtable !== null
          ? `field "${e.code}" is a column of subtable "${info.subtable}"; place it in that subtable's block`
          : `field "${e.code}" is not a column of subtable "${subtable ?? ''}"`;
      ctx.report('LAYOUT.SUBTABLE', message, at);
    }
    // Counted as placed even when misplaced, so one mistake is reported once.
    place(info, at);
  };
  layout.forEach((block, i) => {
    const path: PathSegment[] = ['layout', i];
    switch (block.type) {
      case 'ROW':
        block.fields.forEach((e, j) => element(e, [...path, 'fields', j], null));
        return;
      case 'SUBTABLE':
      case 'GROUP': {
        const info = known(block.code, [...path, 'code']);
        if (info && info.type !== block.type) {
          ctx.report('LAYOUT.TYPE', `field "${block.code}" is ${info.type}, not a ${block.type}`, [
            ...path,
            'code',
          ]);
          return;
        }
        if (info) place(info, [...path, 'code']);
        // A subtable whose definition failed the schema: its columns are not known.
        if (block.type === 'SUBTABLE' && index.lookup(block.code) === 'unchecked') return;
        if (block.type === 'SUBTABLE')
          block.fields.forEach((e, j) => element(e, [...path, 'fields', j], block.code));
        else
          block.layout.forEach((row, r) =>
            row.fields.forEach((e, j) => element(e, [...path, 'layout', r, 'fields', j], null)),
          );
        return;
      }
      default: {
        const never: never = block;
        return never;
      }
    }
  });
  for (const info of index.fields.values()) {
    const table = info.subtable;
    const tableUnplaced = table !== null && (!placed.has(table) || blockless.has(table));
    if (placed.has(info.code) || info.path.length === 0 || tableUnplaced) continue;
    if (isSystemFieldType(info.type)) continue;
    const where = info.subtable !== null ? `the block of subtable "${info.subtable}"` : 'a row';
    ctx.report('LAYOUT.MISSING', `field "${info.code}" is not placed`, ['layout'], {
      at: 'key',
      hint: `Add { code: ${info.code} } to ${where}, or remove the field.`,
    });
  }
}

const SIZE_HINTS: Readonly<Record<string, string>> = {
  height:
    'height is for a SPACER; a multi-line or rich text field takes innerHeight, other elements only width.',
  innerHeight:
    'innerHeight is for a MULTI_LINE_TEXT or RICH_TEXT field; a SPACER takes height, other elements only width.',
};

/**
 * A size key the element's type does not have: the service keeps only `width`, plus
 * `innerHeight` for multi-line and rich text and `height` for a spacer (the official client's
 * layout types), so any other key would differ from what the service holds on every plan.
 */
function checkSize(ctx: CheckContext, type: string, size: object | undefined, path: PathSegment[]): void {
  if (!size) return;
  const keys = layoutSizeKeys(type);
  for (const key of Object.keys(size))
    if (!keys.includes(key))
      ctx.report(
        'LAYOUT.SIZE',
        `${type} has no size "${key}" (it has ${keys.join(' and ')})`,
        [...path, 'size', key],
        {
          at: 'key',
          hint: SIZE_HINTS[key] ?? `Remove ${key}.`,
        },
      );
}
