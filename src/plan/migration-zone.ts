/**
 * The time zone a migration converts dates and date-times in (docs/migrations.md, `timeZone`):
 * the field's `migrate.timeZone`, else the environment's `timeZone` in appdeploy.yaml, else the
 * machine's that makes the plan. The platform's interface gives no time zone of an environment
 * (the User API gives each user's: cybozu.dev, User API data structure, `timezone`), so a team
 * that plans on a laptop in Tokyo and applies from a runner in UTC says it in appdeploy.yaml; the
 * plan names the zone it took and where from, and apply converts in the one its plan named, so the
 * two never disagree.
 */
import type { FieldMigration } from './types.js';

export type MigrationZone = NonNullable<FieldMigration['timeZone']>;

/** The machine's own zone, as Node reads it (the TZ variable, else the system's). */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function migrationZone(
  migrate: FieldMigration['migrate'],
  environmentZone: string | undefined,
  machineZone: () => string = machineTimeZone,
): MigrationZone {
  if (migrate.timeZone !== undefined) return { name: migrate.timeZone, source: 'migrate' };
  if (environmentZone !== undefined) return { name: environmentZone, source: 'environment' };
  return { name: machineZone(), source: 'machine' };
}
