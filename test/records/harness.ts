/**
 * The local service with an administrator's client, and apps built through it: what the records
 * engine's tests (sweep, copy, backup, restore) share.
 */
import { createClient, type AppRecord, type Client } from '../../src/client/index.js';
import type { FieldProperties, RecordForWrite } from '../../src/client/index.js';
import { useLocalService, type LocalService } from '../support/service.js';
import { ADMIN } from '../support/users.js';

export function useRecordsService(): LocalService {
  return useLocalService({ client: {} });
}

/** A deployed app with these fields; its id. */
export async function deployedApp(client: Client, properties: Record<string, unknown>): Promise<string> {
  const { app } = await client.apps.addApp({ name: 'Records test' });
  await client.form.addFields({ app, properties: properties as FieldProperties });
  await deploy(client, app);
  return app;
}

export async function deploy(client: Client, app: string): Promise<void> {
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
}

/** Deletes these top-level fields (deployed: their values are gone), then adds them again (deployed). */
export async function removeAndAddAgain(client: Client, app: string, properties: Record<string, unknown>) {
  await client.form.deleteFields({ app, fields: Object.keys(properties) });
  await deploy(client, app);
  await client.form.addFields({ app, properties: properties as FieldProperties });
  await deploy(client, app);
}

/** Adds records through bulk requests; their ids, in order. */
export async function addRecords(client: Client, app: string, records: RecordForWrite[]): Promise<string[]> {
  const result = await client.records.addAll(app, records);
  return result.records.map((r) => r.id!);
}

/** Every record of the app, by id. */
export async function recordsById(client: Client, app: string): Promise<Map<string, AppRecord>> {
  const byId = new Map<string, AppRecord>();
  for await (const record of client.records.iterate(app)) byId.set(record.$id!.value as string, record);
  return byId;
}

/** A second client at the same service: "someone else" editing records meanwhile. */
export function otherClient(service: LocalService, concurrency?: number): Client {
  return createClient({ baseUrl: service.url, auth: ADMIN, ...(concurrency ? { concurrency } : {}) });
}

export const text = (code: string, more: Record<string, unknown> = {}) => ({
  type: 'SINGLE_LINE_TEXT',
  code,
  label: code,
  ...more,
});
export const multiText = (code: string) => ({ type: 'MULTI_LINE_TEXT', code, label: code });
export const table = (code: string, fields: Record<string, unknown>) => ({
  type: 'SUBTABLE',
  code,
  label: code,
  fields,
});

/**
 * A client at the service whose requests are counted by `METHOD path`, with the most ever in
 * flight at once, overall and of one kind (`most('POST /k/v1/file.json')`).
 */
export function countingClient(
  service: LocalService,
  concurrency?: number,
): { client: Client; counts: Map<string, number>; most: (kind?: string) => number } {
  const counts = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const step = (kind: string, by: number) => {
    const now = (inFlight.get(kind) ?? 0) + by;
    inFlight.set(kind, now);
    most.set(kind, Math.max(most.get(kind) ?? 0, now));
  };
  const client = createClient({
    baseUrl: service.url,
    auth: ADMIN,
    ...(concurrency === undefined ? {} : { concurrency }),
    logger: (event) => {
      const kind = `${event.method} ${event.path}`;
      if (event.type === 'request') {
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        step(kind, 1);
        step('', 1);
      }
      if (event.type === 'response') {
        step(kind, -1);
        step('', -1);
      }
    },
  });
  return { client, counts, most: (kind = '') => most.get(kind) ?? 0 };
}
