/**
 * What the CLI makes of an apply() result, for tests that call apply() themselves: its message
 * (render/apply-result.ts, with the commands spelt without project flags) and its exit code
 * (cli/exit-codes.ts). apply() itself returns facts only.
 */
import type { ApplyResult } from '../../src/apply/index.js';
import { appdeployCommand } from '../../src/project/index.js';
import { renderApplyMessage } from '../../src/render/index.js';

export { applyExitCode, exportExitCode } from '../../src/cli/exit-codes.js';

export function said(result: ApplyResult): string {
  return renderApplyMessage(result, { command: (name) => appdeployCommand(undefined, name) });
}
