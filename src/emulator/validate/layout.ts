import { arr, byValue, field, join, obj, str, type Shape } from './shape.js';
import { layoutSizeKeys, rowElementRefusal } from '../../platform/index.js';

const size = obj({ width: str(), height: str(), innerHeight: str() });

/**
 * An element as stored and answered: its size holds only the keys its type has (platform's
 * layoutSizeKeys: `innerHeight` for multi-line and rich text, `height` for a spacer, else only
 * `width`). Others are dropped, as the hosted platform answers only those.
 */
function sized(element: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!element || typeof element.size !== 'object' || element.size === null) return element;
  const keys = layoutSizeKeys(typeof element.type === 'string' ? element.type : '');
  const kept = Object.entries(element.size).filter(([key]) => keys.includes(key));
  return { ...element, size: Object.fromEntries(kept) };
}
const DECORATIONS: Record<string, Record<string, Shape>> = {
  LABEL: { type: str(), label: str(), elementId: str(), size },
  SPACER: { type: str(), elementId: str(), size },
  HR: { type: str(), elementId: str(), size },
};

/** One element of a row: a decoration (LABEL, SPACER, HR) or a field placed by its code and type. */
const element: Shape = byValue((value) => {
  const type = (value as { type?: unknown } | null)?.type;
  const decoration = typeof type === 'string' ? DECORATIONS[type] : undefined;
  if (decoration)
    return (v, path, ctx) =>
      sized(obj(decoration, { required: ['type'] })(v, path, ctx) as Record<string, unknown> | undefined);
  return (v, path, ctx) => {
    const out = obj({ type: str(), code: field(), size, elementId: str() }, { required: ['type', 'code'] })(
      v,
      path,
      ctx,
    ) as { type?: string; code?: string } | undefined;
    const actual = out?.code === undefined ? undefined : ctx.fields.get(out.code);
    const refusal = out?.type === undefined ? undefined : rowElementRefusal(out.type);
    if (refusal !== undefined)
      // No table, group, status, assignee or category in a row (platform/layout-rows.ts).
      ctx.problems.add(
        join(path, 'type'),
        refusal === 'block'
          ? `A ${out!.type!} is a block of its own; enter it as { type: "${out!.type!}", code } in layout, not in a row.`
          : `The form does not show a ${out!.type!} field; leave it out of the layout.`,
      );
    else if (out?.type !== undefined && actual !== undefined && actual !== out.type)
      ctx.problems.add(join(path, 'type'), `The field "${out.code!}" is ${actual}, not ${out.type}.`);
    return sized(out);
  };
});

const row = obj({ type: str({ oneOf: ['ROW'] }), fields: arr(element) }, { required: ['type', 'fields'] });

/** A layout row: ROW of elements, SUBTABLE naming its table, GROUP holding rows. */
const layoutRow: Shape = byValue((value) => {
  switch ((value as { type?: unknown } | null)?.type) {
    case 'SUBTABLE':
      return obj(
        { type: str(), code: field(['SUBTABLE']), fields: arr(element) },
        { required: ['code', 'fields'] },
      );
    case 'GROUP':
      return obj({ type: str(), code: field(['GROUP']), layout: arr(row) }, { required: ['code', 'layout'] });
    default:
      return row;
  }
});

export const layoutBody: Record<string, Shape> = { layout: arr(layoutRow) };
