/** `plan --check` and `apply --check`: the plan applied to a shadow of the target first. */
export { checkPlan, type CheckOptions } from './run-check.js';
export { rememberingReads } from './read-cache.js';
