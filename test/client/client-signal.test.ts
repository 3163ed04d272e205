/**
 * `createClient({ signal })` (docs/client.md, "Transport"): one signal for every call of a client,
 * so that work made of many calls (plan, exportApps, the record helpers) can be stopped by a
 * program as one call is by its own `{ signal }`: calls under way and calls to come end in
 * `TransportError.Aborted`, and none is sent after the abort.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  TransportAbortedError,
  type ClientEvent,
  type ClientOptions,
} from '../../src/client/index.js';
import { plan } from '../../src/plan/index.js';
import { loadValid, useService } from '../plan/harness.js';
import { appliedProject, removeProjects } from '../plan/project-fixture.js';
import { ADMIN } from '../support/users.js';

const service = useService();
afterEach(removeProjects);

/** A client at the service with a signal of its own, and every event its logger receives. */
function signalled(options: Partial<ClientOptions> = {}) {
  const controller = new AbortController();
  const events: ClientEvent[] = [];
  const client = createClient({
    baseUrl: service.url,
    auth: ADMIN,
    signal: controller.signal,
    logger: (event) => events.push(event),
    ...options,
  });
  return { controller, events, client };
}

describe("a client's signal", () => {
  it('ends its calls under way and refuses the later ones unsent, as TransportError.Aborted', async () => {
    const { controller, events, client } = signalled({ concurrency: 1 });
    await client.apps.getApps({});
    const under = [client.apps.getApps({}), client.apps.getApps({})].map((call) =>
      call.catch((e: unknown) => e),
    );
    controller.abort();
    for (const error of await Promise.all(under)) expect(error).toBeInstanceOf(TransportAbortedError);
    const sent = events.filter((event) => event.type === 'request').length;
    expect(await client.apps.getApps({}).catch((e: unknown) => e)).toBeInstanceOf(TransportAbortedError);
    expect(events.filter((event) => event.type === 'request')).toHaveLength(sent);
    await client.close();
  });

  it('stops plan(), which takes no signal of its own, with TransportError.Aborted', async () => {
    const project = await loadValid(await appliedProject(service));
    const controller = new AbortController();
    let requests = 0;
    let sentAfterAbort = 0;
    const client = createClient({
      baseUrl: service.url,
      auth: ADMIN,
      signal: controller.signal,
      logger: (event) => {
        if (event.type !== 'request') return;
        if (controller.signal.aborted) sentAfterAbort += 1;
        requests += 1;
        if (requests === 3) controller.abort();
      },
    });
    await expect(plan({ project, client })).rejects.toBeInstanceOf(TransportAbortedError);
    // close() waits for every call under way to settle: none of them went out after the abort.
    await client.close();
    expect(sentAfterAbort).toBe(0);
  });

  it('still frees the cursor of records.iterate it stopped', async () => {
    const { app } = await service.client.apps.addApp({ name: 'Cursor' });
    await service.client.apps.deploy({ apps: [{ app }] });
    await service.client.apps.waitForDeploy([app]);
    await service.client.records.addRecords({ app, records: [{}, {}, {}] });
    const { controller, events, client } = signalled();
    const read = async () => {
      for await (const record of client.records.iterate(app, { pageSize: 1 })) {
        expect(record.$id).toBeDefined();
        controller.abort();
      }
    };
    await expect(read()).rejects.toBeInstanceOf(TransportAbortedError);
    await client.close();
    expect(
      events
        .filter((event) => event.type === 'response' && event.path.endsWith('/records/cursor.json'))
        .map((event) => event.method),
    ).toEqual(['POST', 'GET', 'DELETE']);
  });
});
