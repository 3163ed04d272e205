/** The planner: `plan()` reads the service and compares; the Plan is plain data. */
export { plan, appPlaceholder, resolveContext, type PlanOptions } from './plan.js';
export { hasChanges, isDeployed, PLAN_FORMAT_VERSION } from './types.js';
export type * from './types.js';
// What apply asks of the plan again at apply time (the only way apply/ reads plan/, lint-enforced):
// the risks recounted, the directory checked again, the token's limits, which service answers,
// and the deploy steps the held references make.
export { answerProbe } from './probes.js';
export { recordsHiddenFrom, visibilityFor } from './caller-visibility.js';
export { checkDirectory, lookUpDirectory } from './directory-preflight.js';
export { directoryCodes, entityDirectory } from './entity-directory.js';
export { numberPrecisionFor } from './number-precision.js';
export { migrationZone } from './migration-zone.js';
export { refuseTokenLimits, usesTokenOnly } from './token-limits.js';
export { isUnknownApp } from './unknown-id.js';
export { flatFields, heldReferences } from './held.js';
export { deploySteps } from './steps.js';
export { describeService, serviceApp, serviceOf } from './service.js';
