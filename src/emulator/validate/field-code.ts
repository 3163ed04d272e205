import { fieldCodeProblem } from '../../platform/index.js';

/** Why a field code cannot be used, or null when it can (the rule validate checks: platform/field-code.ts). */
export function codeProblem(code: string): string | null {
  return fieldCodeProblem(code);
}
