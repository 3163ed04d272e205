/** The planner: `plan()` reads the service and compares; the Plan is plain data. */
export { plan, appPlaceholder, resolveContext, type PlanOptions } from './plan.js';
export { hasChanges, PLAN_FORMAT_VERSION } from './types.js';
export type * from './types.js';
