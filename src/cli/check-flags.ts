/** `--check` and `--check-records` of plan and apply (check/ runs the check itself). */
import type { Client } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import type { Plan, PlanCheck } from '../plan/index.js';
import type { Project } from '../project/index.js';

/**
 * `--check-records N`: a whole number, 0 (the default) copying none. It sizes the copy `--check`
 * makes: without --check there is no copy, and the records the user asked to be checked against
 * would silently not be (refused, as seed refuses --detailed-exitcode without --dry-run).
 */
export function checkRecordsFlag(text: string, check: boolean | undefined): number {
  if (!/^\d+$/.test(text.trim()))
    throw new AppdeployError('PLAN.BAD_CHECK_RECORDS', `--check-records ${text}: not a whole number`, {
      hint: "Give how many of each app's latest records the copy holds, e.g. --check-records 500 (0: none).",
    });
  const records = Number(text);
  if (records > 0 && check !== true)
    throw new AppdeployError(
      'PLAN.CHECK_RECORDS_ALONE',
      `--check-records ${text} without --check: there is no copy to put the records in`,
      {
        hint: `Add --check to check the plan on a copy holding each app's latest ${records} records, or leave --check-records out.`,
      },
    );
  return records;
}

/** The check, loaded only when asked for: it brings the local service along. */
export async function checkedOnCopy(
  thePlan: Plan,
  project: Project,
  client: Client,
  records: number,
): Promise<PlanCheck> {
  const { checkPlan } = await import('../check/index.js');
  return checkPlan({ plan: thePlan, project, client, records });
}

/**
 * The client a checked plan is made with: with --check, one that remembers its settings reads,
 * so that the copy is read once (what the plan read is not asked again). Apply writes through the
 * plain client, whose reads are always fresh.
 */
export async function planningClient(check: boolean | undefined, client: Client): Promise<Client> {
  if (check !== true) return client;
  const { rememberingReads } = await import('../check/index.js');
  return rememberingReads(client);
}
