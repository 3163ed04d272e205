import { assignedId, arr, bool, byValue, int, join, map, nullable, obj, str, type Shape } from './shape.js';
import { filterCond, named, sortClause } from './common.js';
import { repeatedViewIndexes, TEXT_LIMITS } from '../../platform/index.js';
import { placeField } from './place-field.js';

const common = {
  type: str(),
  name: str({ max: TEXT_LIMITS.viewName }),
  id: assignedId,
  index: int(0),
  filterCond,
  sort: sortClause,
  // Echoed back from a GET by some callers; which view is built in is the service's to say.
  builtinType: nullable(str({ oneOf: ['ASSIGNEE'] })),
};
/** A column is any field but a container (platform/view-rules.ts, with the evidence). */
const column = placeField('views', 'views.*.fields[*]');

const BY_TYPE: Record<string, Record<string, Shape>> = {
  LIST: { ...common, fields: arr(column) },
  CALENDAR: {
    ...common,
    date: placeField('views', 'views.*.date'),
    title: placeField('views', 'views.*.title'),
  },
  CUSTOM: { ...common, html: str(), pager: bool(), device: str({ oneOf: ['DESKTOP', 'ANY'] }) },
};

const view: Shape = byValue((value) => {
  const type = (value as { type?: unknown } | null)?.type;
  const props = typeof type === 'string' ? BY_TYPE[type] : undefined;
  if (!props)
    return obj({ ...common, type: str({ oneOf: Object.keys(BY_TYPE) }) }, { required: ['type'], open: true });
  // A view written without a filter is answered with filterCond "" (all records): the official
  // client's ViewBaseForResponse (app/view.d.ts) has filterCond as a plain string on every view
  // type, and kintone "Update Views" (cybozu.dev) gives no filter for one left out. What `sort`
  // becomes when left out is not documented: it stays absent.
  return obj(props, { required: ['type', 'index'], defaults: { filterCond: '' } });
});

const viewMap = map(named(view));

/**
 * The whole map, each view checked, then no index given twice (platform/view-rules.ts: the
 * platform's answer is not recorded, so this answers 400 CB_VA01 at the later view's index).
 */
const views: Shape = (value, path, ctx) => {
  const out = viewMap(value, path, ctx) as Record<string, { index?: unknown } | undefined> | undefined;
  if (!out || typeof out !== 'object') return out;
  for (const r of repeatedViewIndexes(
    Object.entries(out).map(([name, v]) => [name, indexOf(v?.index)] as const),
  ))
    ctx.problems.add(
      join(join(path, r.name), 'index'),
      `The index ${r.index} is also the index of the view "${r.first}"; give each view its own index.`,
    );
  return out;
};

/** An index as checked (a number; left out or refused: none). */
const indexOf = (index: unknown): number | string | undefined =>
  typeof index === 'number' || typeof index === 'string' ? index : undefined;

/** Views (`PUT preview/app/views.json`): the whole map, keyed by view name. */
export const viewsBody: Record<string, Shape> = { views };
