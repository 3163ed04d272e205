/**
 * The fields of the project's apps a plan leaves out (`--app`), as the service holds them (draft
 * and live), read only when an app of the plan migrates or removes a field: a removal, or a
 * migration's swap, deletes a field, and the platform refuses to delete one another app's lookup or related-records table reads
 * (GAIA_LO02, GAIA_RE07: kintone help article 040792, "An error message appears and I cannot
 * delete a field"), whichever app of the project it is. Which copy the platform checks is not
 * documented (docs/migrations.md "Not settled"; the local service checks both), so both are read.
 * A copy that cannot be read (never deployed: GAIA_AP01; a token of another app) is left out: the
 * service's refusal of the swap then says it, with every value kept.
 */
import type { Client } from '../client/index.js';
import type { Json } from '../areas/types.js';
import type { ProjectApp } from '../project/index.js';
import { mapLimit } from '../client/in-parallel.js';
import type { AppPlan } from './types.js';
import { removesFields } from './referenced-removals.js';

export interface LeftOutFields {
  key: string;
  /** Each readable copy's field properties, as Get Form Fields answers them. */
  copies: Json[];
}

export async function leftOutFields(
  client: Client,
  project: { apps: readonly ProjectApp[] },
  planned: readonly AppPlan[],
): Promise<LeftOutFields[]> {
  if (!planned.some((a) => (a.migrations ?? []).length > 0 || removesFields(a))) return [];
  const others = project.apps.filter((a) => a.id !== null && !planned.some((p) => p.key === a.key));
  return mapLimit(others, 4, async (app) => {
    const copies = await Promise.all(
      (['live', 'draft'] as const).map((copy) =>
        client.form.getFields({ app: app.id!, copy }).then(
          (r) => r.properties as unknown as Json,
          () => null,
        ),
      ),
    );
    return { key: app.key, copies: copies.filter((c): c is Json => c !== null) };
  });
}
