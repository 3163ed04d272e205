/**
 * Seed's check that the environment's apps have the fields the record files name as the manifests
 * have them (records/seed-fields.ts): one read of each app's live form, together with the plan's
 * reads. A field changed, moved or added in a manifest since the last apply refuses the seed
 * before any write (SEED.NOT_APPLIED), naming each field and `apply`.
 */
import { ServiceError, type Client } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { appdeployCommand, type Project } from '../project/index.js';
import { unappliedFields, type UnappliedField } from '../records/index.js';
import type { SeedApp } from './seed-load.js';

export interface Unapplied {
  readonly app: SeedApp;
  readonly fields: readonly UnappliedField[];
}

/** The app's fields the record file names that differ from the manifest's (none: []). */
export async function unappliedOf(client: Client, project: Project, app: SeedApp): Promise<Unapplied> {
  const manifest = project.apps.find((a) => a.key === app.name)?.manifest.fields ?? {};
  let properties;
  try {
    ({ properties } = await client.form.getFields({ app: app.app, copy: 'live' }));
  } catch (error) {
    // The live form takes an API token, and the permission to view or add records, not to
    // manage the app (kintone.dev, "Get Form Fields": Authentication, Permissions): any token
    // that may seed reads it (test/records-files/seed-not-applied-token.test.ts). A caller
    // refused it anyway (a user whose view of the app was taken away) is not checked, and a
    // field apply has not changed yet is refused by the service.
    if (error instanceof ServiceError && error.status < 500) return { app, fields: [] };
    throw error;
  }
  return {
    app,
    fields: unappliedFields(manifest, properties, app.records),
  };
}

/** SEED.NOT_APPLIED for the apps whose fields differ; nothing when none does. */
export function refuseUnapplied(project: Project, all: readonly Unapplied[]): void {
  const differing = all.filter((u) => u.fields.length > 0);
  if (differing.length === 0) return;
  const lines = differing.flatMap(({ app, fields }) =>
    fields.map(
      (f) =>
        `  ${app.name}.${f.field}: the manifest makes it ${f.manifest}; app ${app.app} in ${project.environment.name} has ${f.service}`,
    ),
  );
  throw new AppdeployError(
    'SEED.NOT_APPLIED',
    `seed refused: the record files name fields that environment ${project.environment.name} does not have as the manifests do, so their values would be written in a shape its apps do not take (nothing was written):\n${lines.join('\n')}`,
    {
      hint: `Apply the manifests first: \`${appdeployCommand(project, 'apply')}\` (a field whose type changed or that moved is migrated, keeping its values), then seed again.`,
    },
  );
}
