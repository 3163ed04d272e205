/**
 * The note of what the environment's user, group and organization maps leave out (the plan's
 * `leftOut`): one sentence per item, with where the manifest has it.
 */
import type { AppPlan, LeftOutNote, Plan } from '../plan/types.js';

const NOUN: Record<LeftOutNote['kind'], string> = {
  users: 'user',
  groups: 'group',
  organizations: 'organization',
};

/** The title line for one app. */
export function leftOutTitle(plan: Plan, app: AppPlan): string {
  const count = app.leftOut?.length ?? 0;
  return `${count} ${count === 1 ? 'item' : 'items'} of app ${app.key} left out in environment ${JSON.stringify(plan.environment)}, as appdeploy.yaml maps them to nothing:`;
}

/** `appAcl[1], the rule naming user "bob" (apps/customers.yaml:12:5): environments.staging.users["bob"] is null.` */
export function leftOutSentences(plan: Plan, app: AppPlan): string[] {
  return (app.leftOut ?? []).map(
    (l) =>
      `${l.path}, the ${l.item} naming ${NOUN[l.kind]} ${JSON.stringify(l.code)} (${l.location}): ` +
      `environments.${plan.environment}.${l.kind}[${JSON.stringify(l.code)}] is null.`,
  );
}

export function appsWithLeftOut(plan: Plan): AppPlan[] {
  return plan.apps.filter((app) => (app.leftOut?.length ?? 0) > 0);
}
