/** Apply: executes a Plan (draft writes, one deploy, polling, all-or-nothing); never prints. */
export { apply, DEFAULT_APPLY_TIMEOUT_MS } from './apply.js';
export type * from './types.js';
export { progressPrinter, formatElapsed, type ProgressPrinter, type ProgressOutput } from './progress.js';
export { planAsApplySees } from './recovery.js';
