/**
 * What a restore did not put back exactly, per app: areas whose live settings differ from the
 * before-state once it is deployed again, and data the apply removed (with --allow-data-loss),
 * which a restored field or option does not bring back.
 */
import type { AreaWrite } from './write-app.js';
import type { Client } from '../client/index.js';
import type { Risk } from '../plan/index.js';

export async function liveDifferences(
  client: Client,
  app: string,
  areas: readonly AreaWrite[],
  downloadHash: (fileKey: string) => Promise<string>,
): Promise<string[]> {
  const notes: string[] = [];
  for (const { area, current: before } of areas) {
    const live = (await area.read({ client, app, copy: 'live', downloadHash })).value;
    const changes = area.diff(before, live);
    if (changes.length === 0) continue;
    const items = changes.map((c) => c.path.join('.') || area.key);
    notes.push(`${area.key} differs from its before-state (${items.join(', ')})`);
  }
  return notes;
}

/** The values an accepted data loss took: the plan counted them, restoring the settings cannot. */
export function describeLoss(risks: readonly Risk[]): string[] {
  return risks.flatMap((risk) => {
    if (risk.kind !== 'data-loss') return [];
    const records = `${risk.records} record${risk.records === 1 ? '' : 's'}`;
    return risk.option === undefined
      ? [`field ${risk.field} came back without its values (${records} had one)`]
      : [
          `option "${risk.option}" of field ${risk.field} came back, but the ${records} that held it no longer do`,
        ];
  });
}

/** ` Not put back exactly: ...` for an app's result reason; empty when it came back exactly. */
export function inexactReason(notes: readonly string[] | undefined): string {
  return notes && notes.length > 0 ? `; not put back exactly: ${notes.join('; ')}` : '';
}
