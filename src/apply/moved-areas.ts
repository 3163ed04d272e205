/**
 * When a pinned revision moved, which areas moved: each managed area's copy (draft or live) is
 * read again and compared with what the plan saw. The plan saw each area's live copy, which the
 * draft equalled unless the plan found a pending draft there.
 */
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { AppPlan } from '../plan/index.js';
import { downloadHasher } from '../readers/index.js';

export async function movedAreas(
  client: Client,
  app: AppPlan & { id: string },
  copy: 'draft' | 'live',
  areas: ReadonlyMap<AreaKey, Area>,
): Promise<string[]> {
  const downloadHash = downloadHasher(client);
  const pending = new Set(app.risks.flatMap((r) => (r.kind === 'pending-draft' ? r.areas : [])));
  const moved = await Promise.all(
    app.areas.map(async (planned) => {
      const area = areas.get(planned.key);
      // A draft already pending at plan time was never seen: whether it moved cannot be told.
      if (!area || planned.before === null || (copy === 'draft' && pending.has(planned.key))) return null;
      const { value } = await area.read({ client, app: app.id, copy, downloadHash });
      return area.diff(planned.before, value).length > 0 ? planned.key : null;
    }),
  );
  return moved.filter((key): key is AreaKey => key !== null);
}
