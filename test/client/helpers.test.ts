/** apps.waitForDeploy and files.upload from a path, bytes and a stream. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FormData } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForDeploy } from '../../src/client/deploy-wait.js';
import {
  DeployTimeoutError,
  TransportAbortedError,
  TransportTimeoutError,
  type DeployStatus,
} from '../../src/client/index.js';
import { testHarness, type Harness } from './harness.js';

const fast = { initialIntervalMs: 1, maxIntervalMs: 2 };
/** App 1 still deploying beside app 2 done: the poll answer several tests start from. */
const oneLeft = [
  { app: '1', status: 'PROCESSING' },
  { app: '2', status: 'SUCCESS' },
];

describe('apps.waitForDeploy', () => {
  it('polls until every app is final, asking only about the apps still processing', async () => {
    const h = testHarness();
    h.reply(200, { apps: oneLeft });
    h.reply(200, { apps: [{ app: '1', status: 'PROCESSING' }] });
    h.reply(200, { apps: [{ app: '1', status: 'FAIL' }] });
    const statuses = await h.client.apps.waitForDeploy([1, '2'], fast);
    expect(statuses).toEqual([
      { app: '1', status: 'FAIL' },
      { app: '2', status: 'SUCCESS' },
    ]);
    expect(h.calls().map((c) => c.query)).toEqual(['apps[]=1&apps[]=2', 'apps[]=1', 'apps[]=1']);
  });

  it('asks about at most 300 apps a call', async () => {
    const h = testHarness();
    const apps = Array.from({ length: 301 }, (_, i) => i + 1);
    h.reply(200, { apps: apps.slice(0, 300).map((app) => ({ app: String(app), status: 'SUCCESS' })) });
    h.reply(200, { apps: [{ app: '301', status: 'CANCEL' }] });
    const statuses = await h.client.apps.waitForDeploy(apps, fast);
    expect(h.calls().map((c) => c.query.split('&').length)).toEqual([300, 1]);
    expect(statuses.at(-1)).toEqual({ app: '301', status: 'CANCEL' });
  });

  it('throws DeployTimeoutError with the last statuses when time runs out', async () => {
    const h = testHarness();
    h.reply(200, { apps: oneLeft });
    // The deadline passes during the pause after the first poll.
    const error = await h.client.apps
      .waitForDeploy([1, 2], { timeoutMs: 1_000, initialIntervalMs: 60_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeployTimeoutError);
    expect(error).toMatchObject({
      statuses: oneLeft,
      path: '/k/v1/preview/app/deploy.json',
    });
    expect((error as Error).message).toMatch(/^Deployment still running after 1000 ms for app 1\./);
    expect(h.calls()).toHaveLength(1);
  });

  it('ends a poll that never answers at the deadline, not at the client timeout', async () => {
    const h = testHarness({ timeoutMs: 60_000 });
    h.hold();
    const started = Date.now();
    const error = await h.client.apps.waitForDeploy([1], { timeoutMs: 200 }).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(error).toBeInstanceOf(DeployTimeoutError);
    expect(error).toMatchObject({ statuses: [{ app: '1', status: 'PROCESSING' }], timeoutMs: 200 });
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(5_000);
  });

  it('keeps the statuses known before a poll that hangs', async () => {
    const h = testHarness({ timeoutMs: 60_000 });
    h.reply(200, {
      apps: [
        { app: '1', status: 'PROCESSING' },
        { app: '2', status: 'FAIL' },
      ],
    });
    h.hold();
    const error = await h.client.apps
      .waitForDeploy([1, 2], { timeoutMs: 1_000, initialIntervalMs: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeployTimeoutError);
    expect((error as DeployTimeoutError).statuses).toEqual([
      { app: '1', status: 'PROCESSING' },
      { app: '2', status: 'FAIL' },
    ]);
    expect(h.calls().map((c) => c.query)).toEqual(['apps[]=1&apps[]=2', 'apps[]=1']);
  });

  it.each([0, -1])('with timeoutMs %i, times out at once without polling', async (timeoutMs) => {
    const h = testHarness();
    const error = await h.client.apps.waitForDeploy([1, '2'], { timeoutMs }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeployTimeoutError);
    expect(error).toMatchObject({
      statuses: [
        { app: '1', status: 'PROCESSING' },
        { app: '2', status: 'PROCESSING' },
      ],
      timeoutMs,
    });
    expect(h.calls()).toHaveLength(0);
  });

  it("stops at the caller's signal", async () => {
    const h = testHarness();
    h.reply(200, { apps: [{ app: '1', status: 'PROCESSING' }] });
    const controller = new AbortController();
    const waiting = h.client.apps
      .waitForDeploy([1], { initialIntervalMs: 60_000, signal: controller.signal })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    expect(await waiting).toBeInstanceOf(TransportAbortedError);
  });
});

describe('waitForDeploy timing (injected pause)', () => {
  it('waits longer between polls each time, by half, up to the cap', async () => {
    const answers: DeployStatus[] = [...Array<DeployStatus>(9).fill('PROCESSING'), 'SUCCESS'];
    const getStatus = () => Promise.resolve({ apps: [{ app: '1', status: answers.shift()! }] });
    const pauses: number[] = [];
    const sleep = (ms: number) => {
      pauses.push(ms);
      return Promise.resolve();
    };
    const statuses = await waitForDeploy(
      getStatus,
      [1],
      {},
      { path: '/k/v1/preview/app/deploy.json', sleep },
    );
    expect(statuses).toEqual([{ app: '1', status: 'SUCCESS' }]);
    expect(pauses).toEqual([500, 750, 1125, 1688, 2532, 3798, 5000, 5000, 5000]);
  });
});

describe('waitForDeploy: a poll that times out', () => {
  it("with time left over (the client's timeout, not the deadline): the poll's own error", async () => {
    const getStatus = () =>
      Promise.reject(new TransportTimeoutError({ timeoutMs: 100, method: 'GET', path: '/p' }));
    const error = await waitForDeploy(getStatus, [1], { timeoutMs: 60_000 }, { path: '/p' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransportTimeoutError);
  });
});

describe('files.upload', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function uploaded(h: Harness) {
    const file = (h.calls()[0]!.body as FormData).get('file') as File;
    return { name: file.name, type: file.type, text: await file.text() };
  }

  it('from a path, named after the file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-upload-'));
    const path = join(dir, 'logo.svg');
    await writeFile(path, '<svg/>');
    const h = testHarness();
    h.reply(200, { fileKey: 'k1' });
    expect(await h.client.files.upload(path, { contentType: 'image/svg+xml' })).toEqual({ fileKey: 'k1' });
    expect(await uploaded(h)).toEqual({ name: 'logo.svg', type: 'image/svg+xml', text: '<svg/>' });
    expect(h.calls()[0]).toMatchObject({ method: 'POST', path: '/k/v1/file.json' });
  });

  it('from a stream', async () => {
    const h = testHarness();
    h.reply(200, { fileKey: 'k2' });
    await h.client.files.upload(Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), {
      name: 'data.csv',
    });
    expect(await uploaded(h)).toEqual({
      name: 'data.csv',
      type: 'application/octet-stream',
      text: 'a,b\n1,2\n',
    });
  });

  it('sends the same file again after a 429', async () => {
    const h = testHarness();
    h.reply(429, { code: 'GAIA_TO04', id: 'x', message: 'busy' });
    h.reply(200, { fileKey: 'k3' });
    await h.client.files.upload(Readable.from([Buffer.from('once')]), { name: 'once.txt' });
    const texts = await Promise.all(h.calls().map((c) => ((c.body as FormData).get('file') as File).text()));
    expect(texts).toEqual(['once', 'once']);
  });
});
