// GET /k/v1/app.json on the emulator with 32 concurrent keep-alive connections on loopback, against
// a bare node:http server answering `{}` measured in the same run. Target: at least half the
// baseline's throughput. Run with `npm run bench -- emulator` (builds first; imports dist/).
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { startEmulator } from '../dist/emulator/index.js';

const CONNECTIONS = 32;
const WARMUP_MS = 500;
const MEASURE_MS = 2_000;
const ROUNDS = 3;
const TARGET = 0.5;
const AUTH = { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') };

/** Requests per second for `path` on `origin`: 32 loops, one per connection, each waiting for its answer. */
async function throughput(origin, path, headers) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let done = 0;
  let failed = 0;
  let counting = false;
  let stop = false;
  const loop = async () => {
    while (!stop) {
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.text();
      if (res.statusCode !== 200) failed++;
      if (counting) done++;
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  await pool.close();
  if (failed > 0) throw new Error(`${failed} requests to ${origin}${path} did not answer 200`);
  return done / elapsed;
}

async function bareServer() {
  const body = Buffer.from('{}');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function emulatorWithApp() {
  const emulator = await startEmulator({ port: 0, deployMs: 0, concurrencyLimit: 1000 });
  const post = (path, body) =>
    fetch(emulator.url + path, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { app } = await post('/k/v1/preview/app.json', { name: 'Bench' });
  await post('/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  return { emulator, app };
}

// Alternate the two servers and keep each one's best round, so that load from other processes
// on the machine during one round does not decide the ratio.
const bare = await bareServer();
const { emulator, app } = await emulatorWithApp();
let baseline = 0;
let measured = 0;
for (let round = 0; round < ROUNDS; round++) {
  baseline = Math.max(baseline, await throughput(bare.origin, '/', {}));
  measured = Math.max(measured, await throughput(emulator.url, `/k/v1/app.json?id=${app}`, AUTH));
}
await bare.close();
await emulator.close();

const ratio = measured / baseline;
console.log(`bare node:http    ${baseline.toFixed(0)} req/s`);
console.log(`emulator app.json ${measured.toFixed(0)} req/s`);
console.log(`ratio ${ratio.toFixed(2)} (target >= ${TARGET}): ${ratio >= TARGET ? 'PASS' : 'FAIL'}`);
if (ratio < TARGET) process.exitCode = 1;
