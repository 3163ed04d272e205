// Adding 20,000 records through bulk requests to an emulator that journals to disk (`data` set):
// records per second, target at least 2,000. Plain ESM over the built package in dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../dist/emulator/index.js';

const TOTAL = 20_000;
const PER_CALL = 100;
const CALLS_PER_BULK = 20;
const TARGET = 2_000;

const dir = mkdtempSync(join(tmpdir(), 'appdeploy-records-bench-'));
const emulator = await startEmulator({ port: 0, data: dir, deployMs: 0 });
const auth = { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') };

async function call(method, path, body) {
  const res = await fetch(emulator.url + path, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  const { app } = await call('POST', '/k/v1/preview/app.json', { name: 'Bench' });
  const options = { small: { label: 'small', index: '0' }, big: { label: 'big', index: '1' } };
  await call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: {
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title', required: true, maxLength: '64' },
      amount: { type: 'NUMBER', code: 'amount', label: 'Amount', minValue: '0' },
      day: { type: 'DATE', code: 'day', label: 'Day' },
      kind: { type: 'DROP_DOWN', code: 'kind', label: 'Kind', options },
    },
  });
  await call('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  await waitDeploy(app);

  const record = (i) => ({
    title: { value: `Record ${i}` },
    amount: { value: String(i % 1000) },
    day: { value: `2024-01-${String((i % 28) + 1).padStart(2, '0')}` },
    kind: { value: i % 2 ? 'small' : 'big' },
  });
  const started = performance.now();
  let next = 0;
  while (next < TOTAL) {
    const requests = [];
    for (let c = 0; c < CALLS_PER_BULK && next < TOTAL; c++) {
      const records = [];
      for (let r = 0; r < PER_CALL && next < TOTAL; r++) records.push(record(next++));
      requests.push({ method: 'POST', api: '/k/v1/records.json', payload: { app, records } });
    }
    await call('POST', '/k/v1/bulkRequest.json', { requests });
  }
  const seconds = (performance.now() - started) / 1000;
  const count = await get(`/k/v1/records.json?app=${app}&query=limit%201&totalCount=true`);
  if (count.totalCount !== String(TOTAL))
    throw new Error(`expected ${TOTAL} records, found ${count.totalCount}`);
  const perSecond = Math.round(TOTAL / seconds);
  console.log(`added ${TOTAL} records in ${seconds.toFixed(2)} s through bulk requests (journal on disk)`);
  console.log(
    `records per second: ${perSecond} (target >= ${TARGET}) ${perSecond >= TARGET ? 'PASS' : 'FAIL'}`,
  );
  if (perSecond < TARGET) process.exitCode = 1;
} finally {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
}

async function get(path) {
  const res = await fetch(emulator.url + path, { headers: auth });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function waitDeploy(app) {
  for (;;) {
    const { apps } = await get(`/k/v1/preview/app/deploy.json?apps[]=${app}`);
    if (apps.every((a) => a.status !== 'PROCESSING')) {
      if (apps[0].status !== 'SUCCESS') throw new Error(`deploy: ${JSON.stringify(apps)}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}
