import { openScope, storedRecord } from './scope.js';
import type { ApiRequest } from '../../context.js';

/** `records/acl/evaluate.json`: the caller's own rights on each named record, in the order asked. */
function evaluate(req: ApiRequest): unknown {
  const scope = openScope(req);
  const ids = req.params.ids('ids', { max: 100, required: true });
  const records = ids.map((id) => storedRecord(scope, id));
  const rights = scope.access.rightsFor(records);
  return {
    evaluate: ids.map((id) => {
      const r = rights.get(id)!;
      return { id, viewable: r.viewable, editable: r.editable, deletable: r.deletable };
    }),
  };
}

export const aclHandlers = { evaluate };
