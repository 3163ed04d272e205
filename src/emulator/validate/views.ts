import { assignedId, arr, bool, byValue, field, int, map, nullable, obj, str, type Shape } from './shape.js';
import { filterCond, named, sortClause } from './common.js';
import { DATE_FIELD_TYPES } from '../../platform/index.js';

const common = {
  type: str(),
  name: str({ max: 64 }),
  id: assignedId,
  index: int(0),
  filterCond,
  sort: sortClause,
  // Echoed back from a GET by some callers; which view is built in is the service's to say.
  builtinType: nullable(str({ oneOf: ['ASSIGNEE'] })),
};
const DATE_TYPES: readonly string[] = [...DATE_FIELD_TYPES];

const BY_TYPE: Record<string, Record<string, Shape>> = {
  LIST: { ...common, fields: arr(field()) },
  CALENDAR: { ...common, date: field(DATE_TYPES), title: field() },
  CUSTOM: { ...common, html: str(), pager: bool(), device: str({ oneOf: ['DESKTOP', 'ANY'] }) },
};

const view: Shape = byValue((value) => {
  const type = (value as { type?: unknown } | null)?.type;
  const props = typeof type === 'string' ? BY_TYPE[type] : undefined;
  if (!props)
    return obj({ ...common, type: str({ oneOf: Object.keys(BY_TYPE) }) }, { required: ['type'], open: true });
  return obj(props, { required: ['type', 'index'] });
});

/** Views (`PUT preview/app/views.json`): the whole map, keyed by view name. */
export const viewsBody: Record<string, Shape> = { views: map(named(view)) };
