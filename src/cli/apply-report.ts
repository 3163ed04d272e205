/**
 * An apply's result as `apply --format json` prints it (schema/apply-result.schema.json): apply's
 * facts with the exit code (exit-codes.ts) and the message (render/apply-result.ts) added, and the
 * facts the message is made of (`stopped`) left out.
 */
import type { ApplyResult } from '../apply/types.js';
import { renderApplyMessage, type ApplyTextOptions } from '../render/apply-result.js';
import { applyExitCode, type ExitCode } from './exit-codes.js';

export type ApplyReport = Omit<ApplyResult, 'stopped'> & { exitCode: ExitCode; message: string };

export function applyReport(result: ApplyResult, options: ApplyTextOptions): ApplyReport {
  return {
    outcome: result.outcome,
    exitCode: applyExitCode(result),
    message: renderApplyMessage(result, options),
    plugins: result.plugins,
    apps: result.apps,
    refusals: result.refusals,
    notConverged: result.notConverged,
    ...(result.liveChanged !== undefined ? { liveChanged: result.liveChanged } : {}),
    ...(result.migrations !== undefined ? { migrations: result.migrations } : {}),
    ...(result.backups !== undefined ? { backups: result.backups } : {}),
    ...(result.window !== undefined ? { window: result.window } : {}),
  };
}
