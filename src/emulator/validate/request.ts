import { checkBody } from './context.js';
import { canonicalId, type Params } from '../http/params.js';
import { anyJson, obj, type Shape } from './shape.js';

/**
 * An id the caller names (app, space, thread): a positive integer, sent as a JSON number or a
 * numeric string, answered as the canonical string. `true`, `[]` or `1.5` are refused, where
 * `Number(value)` would have turned them into ids.
 */
export const idParam: Shape = (value, path, ctx) => {
  const canonical = canonicalId(value);
  if (canonical === undefined) ctx.problems.add(path, 'Enter a positive integer id.');
  return canonical;
};

/**
 * Checks a request's parameters against a closed shape (one that refuses unknown keys), for the
 * endpoints that are not settings areas; throws 400 CB_VA01 with every problem keyed by path.
 */
export function checkParams<T>(params: Params, shape: Shape): T {
  return checkBody<T>(shape, params.raw, {});
}

/**
 * Refuses keys outside `keys` (a typo such as `delay` for `delayMs` is a 400 naming it, not a
 * call that silently ignores it), for bodies whose values the handler checks itself.
 */
export function closedKeys(params: Params, keys: readonly string[]): void {
  checkParams(params, obj(Object.fromEntries(keys.map((key) => [key, anyJson]))));
}
