/**
 * Apply: executes a Plan (draft writes, one deploy, polling, all-or-nothing); never prints: it
 * emits ApplyEvents while it runs and returns facts (render/apply-result.ts words them).
 */
export { apply, DEFAULT_APPLY_TIMEOUT_MS } from './apply.js';
export type * from './types.js';
export { planAsApplySees, settleRecovery } from './recovery.js';
