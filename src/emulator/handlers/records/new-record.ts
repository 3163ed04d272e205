import { composeNew } from '../../records/compose.js';
import { givenStamp, withGiven } from '../../records/given-stamp.js';
import { stampNew, systemFieldsOf } from '../../records/system-fields.js';
import { initialStatus } from '../../records/process.js';
import { calculator, precisionOf } from '../../formula/calculate.js';
import { hasAppPermission } from '../../access.js';
import { stampOf, writeEnv, type RecordScope } from './scope.js';
import type { Problems } from '../../errors.js';
import type { StoredRecord } from '../../records/model.js';

/** Makes the records one write adds: each input's values checked (problems reported), stamped, calculated. */
export type NewRecordMaker = (input: unknown, path: string, id: string) => StoredRecord;

/**
 * What a write adding records derives once for all of them (the caller's stamp and rights, the
 * form's calculations and system fields), and the maker that uses it. Used by adds and by the
 * inserts of an upsert.
 */
export function newRecordMaker(scope: RecordScope, problems: Problems): NewRecordMaker {
  const { req } = scope;
  const env = writeEnv(scope, problems);
  const stamp = stampOf(req);
  const calculate = calculator(scope.fields, precisionOf(scope.live.general));
  const system = systemFieldsOf(scope.fields);
  const mayManage = hasAppPermission(req.principal, scope.app, 'manage');
  return (input, path, id) => {
    const values = composeNew(input, path, env);
    const given = givenStamp(input, path, env, mayManage);
    // A given creator is the record's creator from the start: the first status's assignee
    // (the creator field, as a FIELD_ENTITY) is read from it.
    const draft = withGiven(stampNew(values, system, id, stamp, null), given);
    const status = initialStatus(scope.live, draft, req.ctx);
    const stamped = status ? withGiven(stampNew(values, system, id, stamp, status), given) : draft;
    return calculate(stamped);
  };
}
