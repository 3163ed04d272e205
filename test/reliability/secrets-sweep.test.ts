/**
 * The secrets sweep: distinctive secrets planted in every place one lives (the password, two API
 * tokens, basic authentication, a proxy URL's password percent-encoded, HTTPS_PROXY /
 * https_proxy's password, a .pfx's password, a PEM key's passphrase, APPDEPLOY_MASK_KEY; from the
 * machine's environment and from .env, through `${VAR}` in appdeploy.yaml), then every command of
 * the built CLI run with them, succeeding and failing every way a connection does: a refused login
 * (401), unknown tokens, a closed port, a proxy answering 407, a proxy refusing the tunnel (403), a
 * proxy that is gone, an untrusted, expired or misnamed service certificate, no client
 * certificate, a refused one, a wrong .pfx password or PEM passphrase, a 5xx and a 401 whose bodies
 * echo the request's headers (raw, percent-encoded and decoded), a deploy failing with a body that
 * echoes them, `--format json`, `plan --check`, `--verbose` and NODE_DEBUG. No secret may come back out, in
 * stdout, stderr or any file under the project (.appdeploy/: recovery records, backups, locks;
 * exports, record files, saved plans): neither as written nor percent-, form- or JSON-encoded, nor
 * as the Base64 of `login:password` the authentication headers carry. A user's mistake is never
 * a bug: no run exits 70, says "Bug" or prints a stack, and each failure says what is wrong.
 * All on loopback: the local service over HTTPS requiring the test CA's client certificates
 * (test/fixtures/tls/), a CONNECT proxy (test/support/connect-proxy.ts), an echoing server.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, type Run } from '../support/cli.js';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { useTempDir } from '../support/temp-dir.js';
import { EXPIRED_SERVICE, PEM_PASSPHRASE, PFX_PASSWORD, SECURE_ACCESS, TLS_DIR } from '../support/tls.js';
import { closedPort as aClosedPort } from '../support/closed-port.js';

// Each secret holds characters that percent-, form- and JSON-encoding change, so that each form
// differs from the plain one.
const DEPLOY_PASSWORD = 'pw-Sëcret/7f3a+9c1d "q"';
const WRONG_PASSWORD = 'pw-Wrong&b81e55aa=1';
const BASIC_PASSWORD = 'basic-Sëcret+6d2e?';
/** The proxy's password, and as appdeploy.yaml's proxy URL must hold it (schema: percent-encoded). */
const PROXY_PASSWORD = 'px/Sëcret@4242:ab';
const WRONG_PROXY_PASSWORD = 'px-Wrong#9911';
const ENV_PROXY_PASSWORD = 'envpx-Sëcret%31c';
const UNKNOWN_TOKENS = ['tok-Unknown-c0ffee42aa', 'tok-Unknown-deadbeef77'];
const WRONG_PFX_PASSWORD = 'pfx-Wrong-5150ab';
const WRONG_PEM_PASSPHRASE = 'pem-Wrong-6160cd';
const MASK_KEY = 'mask-Key-Sëcret-8e8e';
/** The emulator's own tokens for the app, made once it exists (they are secrets too). */
const tokens: string[] = [];

const SECRETS = (): string[] => [
  DEPLOY_PASSWORD,
  WRONG_PASSWORD,
  BASIC_PASSWORD,
  PROXY_PASSWORD,
  WRONG_PROXY_PASSWORD,
  ENV_PROXY_PASSWORD,
  ...UNKNOWN_TOKENS,
  UNKNOWN_TOKENS.join(','),
  WRONG_PFX_PASSWORD,
  WRONG_PEM_PASSPHRASE,
  PFX_PASSWORD,
  PEM_PASSPHRASE,
  MASK_KEY,
  ...tokens,
  ...(tokens.length > 0 ? [tokens.join(',')] : []),
];
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** Each (login, password) pair an Authorization header carries as Base64. */
const PAIRS: [string, string][] = [
  ['deployer', DEPLOY_PASSWORD],
  ['deployer', WRONG_PASSWORD],
  ['gate', BASIC_PASSWORD],
  ['proxyuser', PROXY_PASSWORD],
  ['proxyuser', WRONG_PROXY_PASSWORD],
  ['envuser', ENV_PROXY_PASSWORD],
];

/** Every form a secret may take on the way out. */
function forbidden(): string[] {
  const forms = new Set<string>();
  for (const secret of SECRETS()) {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(b64(secret));
  }
  for (const [login, password] of PAIRS) forms.add(b64(`${login}:${password}`));
  return [...forms];
}

function leaks(text: string): string[] {
  return forbidden().filter((form) => text.includes(form));
}

let service: RunningEmulator;
let expired: RunningEmulator;
let proxy: TestProxy;
let wrongProxy: TestProxy;
let refusingProxy: TestProxy;
let envProxy: TestProxy;
let echo: Server;
let closedPort: number;
let goneProxyPort: number;
let echoPort: number;
let appId = 0;

/** What the service's TLS asks of a client: the test CA trusted, the test client certificate. */
const controlAgent = new Agent({
  connect: {
    ca: SECURE_ACCESS.clientCa,
    pfx: readFileSync(join(TLS_DIR, 'client.pfx')),
    passphrase: PFX_PASSWORD,
  },
});

/** A control or API call to the HTTPS service as deployer (an administrator), outside the CLI. */
async function control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<any> {
  const answer = await request(`${service.url}${path}`, {
    method,
    dispatcher: controlAgent,
    headers: {
      'x-service-authorization': b64(`deployer:${DEPLOY_PASSWORD}`),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.body.text();
  if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${text}`);
  return text === '' ? {} : JSON.parse(text);
}

/**
 * A server in front of nothing that answers every request with its headers: raw, percent-encoded,
 * and the Base64 of the Authorization headers decoded (`login:password`). Under `/e500` as a 500
 * HTML page; under `/e401` as the service's JSON error, the headers in its message and as the keys
 * and values of its `errors`.
 */
function startEcho(): Promise<Server> {
  const server = createHttpServer((req, res) => {
    req.resume();
    const raw = req.rawHeaders.join('\n');
    const decoded = Object.values(req.headers)
      .flatMap((value) => (typeof value === 'string' ? value.split(/[\s,]/) : []))
      .map((part) => Buffer.from(part, 'base64').toString('utf8'))
      .join('\n');
    const echoed = `${raw}\n${encodeURIComponent(raw)}\n${decoded}`;
    if (req.url?.startsWith('/e500')) {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(`<html><body><h1>Internal error</h1><pre>${echoed}</pre></body></html>`);
      return;
    }
    const errors = Object.fromEntries(req.rawHeaders.map((value) => [value, { messages: [value, decoded] }]));
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'CB_WA01', id: 'echo', message: `Refused: ${echoed}`, errors }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const project = useTempDir('secrets-sweep');
/** A copy of the project for the failing runs, which go on beside the succeeding ones. */
const failing = () => join(project(), 'failing');

/** The variables of the machine's environment (the others come from .env); no proxy of the machine. */
const ENV = (): NodeJS.ProcessEnv => ({
  DEPLOY_PASSWORD,
  PFX_PASSWORD,
  PEM_PASSPHRASE,
  TOKEN_A: tokens[0] ?? 'unset',
  TOKEN_B: tokens[1] ?? 'unset',
  APPDEPLOY_MASK_KEY: MASK_KEY,
  HTTPS_PROXY: '',
  https_proxy: '',
  HTTP_PROXY: '',
  http_proxy: '',
  NO_PROXY: '',
  no_proxy: '',
});

const DOT_ENV = [
  `WRONG_PASSWORD="${WRONG_PASSWORD}"`,
  `BASIC_PASSWORD=${BASIC_PASSWORD}`,
  `PROXY_PASSWORD=${encodeURIComponent(PROXY_PASSWORD)}`,
  `WRONG_PROXY_PASSWORD=${encodeURIComponent(WRONG_PROXY_PASSWORD)}`,
  `UNKNOWN_TOKEN_1=${UNKNOWN_TOKENS[0]}`,
  `UNKNOWN_TOKEN_2=${UNKNOWN_TOKENS[1]}`,
  `WRONG_PFX_PASSWORD=${WRONG_PFX_PASSWORD}`,
  `WRONG_PEM_PASSPHRASE=${WRONG_PEM_PASSPHRASE}`,
  '',
].join('\n');

const PFX = { pfx: 'certs/client.pfx', password: '${PFX_PASSWORD}' };
const PEM = {
  cert: 'certs/client.pem',
  key: 'certs/client-key-encrypted.pem',
  passphrase: '${PEM_PASSPHRASE}',
};
const LOGIN = { login: 'deployer', password: '${DEPLOY_PASSWORD}' };
const BASIC = { login: 'gate', password: '${BASIC_PASSWORD}' };
const CA = 'certs/ca.pem';

/** Every environment: the succeeding ones first, then each way of failing. */
function environments(): Record<string, object> {
  const behindProxy = service.url.replace('127.0.0.1', 'service.invalid');
  const withCredentials = (url: string, variable: string) =>
    url.replace('//', `//proxyuser:\${${variable}}@`);
  return {
    // Everything at once: through the proxy with its credentials, basic authentication, a .pfx.
    secure: {
      baseUrl: behindProxy,
      auth: LOGIN,
      basicAuth: BASIC,
      proxy: withCredentials(proxy.url, 'PROXY_PASSWORD'),
      clientCertificate: PFX,
      ca: CA,
    },
    // Direct, PEM with a passphrase, two API tokens.
    pem: {
      baseUrl: service.url,
      auth: { apiToken: ['${TOKEN_A}', '${TOKEN_B}'] },
      clientCertificate: PEM,
      ca: CA,
    },
    // The proxy from HTTPS_PROXY / https_proxy (set per run).
    viaenv: { baseUrl: behindProxy, auth: LOGIN, clientCertificate: PFX, ca: CA },
    wrong: {
      baseUrl: service.url,
      auth: { ...LOGIN, password: '${WRONG_PASSWORD}' },
      clientCertificate: PFX,
      ca: CA,
    },
    tokens: {
      baseUrl: service.url,
      auth: { apiToken: ['${UNKNOWN_TOKEN_1}', '${UNKNOWN_TOKEN_2}'] },
      clientCertificate: PEM,
      ca: CA,
    },
    closed: { baseUrl: `http://127.0.0.1:${closedPort}`, auth: LOGIN, basicAuth: BASIC },
    proxy407: {
      baseUrl: behindProxy,
      auth: LOGIN,
      proxy: withCredentials(wrongProxy.url, 'WRONG_PROXY_PASSWORD'),
      clientCertificate: PFX,
      ca: CA,
    },
    proxy403: {
      baseUrl: behindProxy,
      auth: LOGIN,
      basicAuth: BASIC,
      proxy: withCredentials(refusingProxy.url, 'PROXY_PASSWORD'),
    },
    proxygone: {
      baseUrl: behindProxy,
      auth: LOGIN,
      proxy: withCredentials(`http://127.0.0.1:${goneProxyPort}`, 'PROXY_PASSWORD'),
    },
    untrusted: { baseUrl: service.url, auth: LOGIN, clientCertificate: PEM },
    nocert: { baseUrl: service.url, auth: LOGIN, basicAuth: BASIC, ca: CA },
    stranger: {
      baseUrl: service.url,
      auth: LOGIN,
      clientCertificate: { pfx: 'certs/stranger.pfx', password: '${PFX_PASSWORD}' },
      ca: CA,
    },
    badpfx: {
      baseUrl: service.url,
      auth: LOGIN,
      clientCertificate: { ...PFX, password: '${WRONG_PFX_PASSWORD}' },
      ca: CA,
    },
    badpem: {
      baseUrl: service.url,
      auth: LOGIN,
      clientCertificate: { ...PEM, passphrase: '${WRONG_PEM_PASSPHRASE}' },
      ca: CA,
    },
    expired: { baseUrl: expired.url, auth: LOGIN, basicAuth: BASIC, ca: CA },
    mismatch: {
      baseUrl: service.url.replace('127.0.0.1', 'other.invalid'),
      auth: LOGIN,
      proxy: withCredentials(proxy.url, 'PROXY_PASSWORD'),
      clientCertificate: PFX,
      ca: CA,
    },
    echo500: {
      baseUrl: `http://127.0.0.1:${echoPort}/e500`,
      auth: LOGIN,
      basicAuth: BASIC,
      platform: 'kintone',
    },
    echo401: {
      baseUrl: `http://127.0.0.1:${echoPort}/e401`,
      auth: { apiToken: ['${UNKNOWN_TOKEN_1}', '${UNKNOWN_TOKEN_2}'] },
      basicAuth: BASIC,
    },
  };
}

/**
 * Each failing environment, the command it runs (every command meets some failure; text and
 * JSON), and what its error must say is wrong: the sweep's own check that a failure is said, not a
 * bug.
 */
const FAILING: [env: string, command: string[], said: RegExp][] = [
  [
    'wrong',
    ['apply', '--yes', '--format', 'json'],
    /\[401\][\s\S]*Check the credentials of environment "wrong" at appdeploy\.yaml:\d+:\d+/,
  ],
  // The hosted platform answers a token of no app 400 GAIA_IA02, as the local service does.
  ['tokens', ['status', '--format', 'json'], /\[400\] \[GAIA_IA02\][\s\S]*check apiToken in appdeploy\.yaml/],
  ['closed', ['plan', '--check'], /nothing accepts connections at 127\.0\.0\.1:\d+/],
  [
    'proxy407',
    ['revert', '--yes', '--verbose'],
    /refused to open a tunnel to service\.invalid:\d+: it answered 407 \(Proxy Authentication Required\)/,
  ],
  ['proxy403', ['export', '--app', 'notes', '--format', 'json'], /it answered 403 \(Forbidden\)/],
  [
    'proxygone',
    ['seed', '--yes'],
    /the proxy http:\/\/127\.0\.0\.1:\d+ \(from the proxy option\) is not reachable/,
  ],
  [
    'untrusted',
    ['export', '--records', '--app', 'notes', '--mask', 'note'],
    /not signed by an authority this machine trusts/,
  ],
  [
    'nocert',
    ['apply', '--yes', '--verbose'],
    /asks for a client certificate \(a Secure Access domain\) and none is set/,
  ],
  ['stranger', ['plan', '--format', 'json'], /refused the client certificate/],
  ['badpfx', ['status'], /clientCertificate\.password does not open \S*client\.pfx/],
  ['badpem', ['plan', '--check', '--format', 'json'], /clientCertificate\.passphrase does not open the key/],
  ['expired', ['plan', '--out', 'expired.json'], /the certificate 127\.0\.0\.1:\d+ presents has expired/],
  ['mismatch', ['status', '--format', 'json'], /is not issued for other\.invalid/],
  ['echo500', ['plan', '--format', 'json', '--verbose'], /answered 500 with a body that is not JSON/],
  ['echo401', ['export', '--records', '--app', 'notes', '--verbose'], /\[401\] \[CB_WA01\] Refused/],
];

beforeAll(async () => {
  [service, expired, proxy, wrongProxy, refusingProxy, envProxy, echo, closedPort, goneProxyPort] =
    await Promise.all([
      startEmulator({
        port: 0,
        deployMs: 20,
        tls: SECURE_ACCESS,
        users: [{ login: 'deployer', password: DEPLOY_PASSWORD, admin: true }],
      }),
      startEmulator({ port: 0, deployMs: 20, tls: EXPIRED_SERVICE }),
      startConnectProxy({
        login: 'proxyuser',
        password: PROXY_PASSWORD,
        aliases: ['service.invalid', 'other.invalid'],
      }),
      startConnectProxy({ login: 'proxyuser', password: PROXY_PASSWORD, aliases: ['service.invalid'] }),
      startConnectProxy({ refuse: true }),
      startConnectProxy({ login: 'envuser', password: ENV_PROXY_PASSWORD, aliases: ['service.invalid'] }),
      startEcho(),
      aClosedPort(),
      aClosedPort(),
    ]);
  echoPort = (echo.address() as AddressInfo).port;
  const root = project();
  mkdirSync(join(root, 'apps'));
  mkdirSync(join(root, 'records'));
  cpSync(TLS_DIR, join(root, 'certs'), { recursive: true });
  writeFileSync(join(root, '.env'), DOT_ENV);
  writeManifest(root, true);
  writeFileSync(
    join(root, 'records/notes.yaml'),
    stringify([
      { code: 'N1', title: 'First', note: 'kept' },
      { code: 'N2', title: 'Second', note: 'also kept' },
    ]),
  );
  writeConfig(root, {});
}, 60_000);

afterAll(async () => {
  await Promise.all([
    service?.close(),
    expired?.close(),
    proxy?.close(),
    wrongProxy?.close(),
    refusingProxy?.close(),
    envProxy?.close(),
    new Promise((resolve) => echo?.close(resolve)),
    controlAgent.close(),
  ]);
});

function writeManifest(root: string, withNote: boolean, label = 'Title'): void {
  writeFileSync(
    join(root, 'apps/notes.yaml'),
    stringify({
      name: 'Notes',
      fields: {
        code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
        title: { type: 'SINGLE_LINE_TEXT', label },
        ...(withNote ? { note: { type: 'MULTI_LINE_TEXT', label: 'Note' } } : {}),
      },
      layout: [
        {
          type: 'ROW',
          fields: [{ code: 'code' }, { code: 'title' }, ...(withNote ? [{ code: 'note' }] : [])],
        },
      ],
    }),
  );
}

/** appdeploy.yaml: every environment; `ids` the app's id per environment (secure's written by apply). */
function writeConfig(root: string, ids: Record<string, number>): void {
  writeFileSync(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: environments(),
      defaultEnvironment: 'secure',
      apps: {
        notes: { manifest: 'apps/notes.yaml', records: { file: 'records/notes.yaml', key: 'code' }, ids },
      },
    }),
  );
}

/** A run of the built CLI in `dir`, its output checked for every secret and for a bug's words. */
async function run(dir: string, args: string[], extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  const result = await appdeploy(args, dir, { ...ENV(), ...extra });
  const what = `appdeploy ${args.join(' ')}`;
  expect(leaks(result.stdout), `${what}: stdout holds a secret:\n${result.stdout}`).toEqual([]);
  expect(leaks(result.stderr), `${what}: stderr holds a secret:\n${result.stderr}`).toEqual([]);
  expect(result.code, `${what}: a bug\n${result.stderr}`).not.toBe(70);
  expect(result.stderr, what).not.toMatch(/Bug:|\n\s+at \S+ \(/);
  return result;
}

const ok = (result: Run, what: string) =>
  expect(result.code, `${what}\n${result.stdout}${result.stderr}`).toBe(0);

/** Every file under `dir` but .env (which holds secrets by design) and the certificates. */
function expectNoSecretInFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'certs' || name === 'failing') continue;
    if (statSync(path).isDirectory()) expectNoSecretInFiles(path);
    else if (name !== '.env') expect(leaks(readFileSync(path, 'utf8')), `${path} holds a secret`).toEqual([]);
  }
}

/** Files the runs wrote, counted to show the sweep reached them. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) =>
    statSync(join(dir, path)).isFile(),
  );
}

/** Runs at most `limit` at once (two cores). */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

describe('the secrets sweep', () => {
  it('no secret comes out of any command, succeeding or failing, nor lands in any file', async () => {
    const root = project();
    // The failing runs work on a copy (their own .appdeploy/), beside the succeeding chain.
    const failingRuns = () =>
      inBatches(
        [
          ...FAILING.map(([env, command, said]) => async () => {
            const result = await run(failing(), [...command, '--env', env]);
            const what = `${command.join(' ')} --env ${env}`;
            expect(result.code, `${what}: ${result.stdout}${result.stderr}`).toBe(1);
            expect(result.stderr, what).toMatch(said);
            // The echoing server's answers held the secrets: they came out as ***.
            if (env.startsWith('echo')) expect(result.stderr, what).toContain('***');
          }),
          // The offline commands read the same project and .env.
          async () => ok(await run(failing(), ['docs']), 'docs'),
          async () => ok(await run(failing(), ['types']), 'types'),
        ],
        3,
      );

    // apply creates the app in `secure`; every other environment names the same app.
    ok(await run(root, ['validate', '--format', 'json']), 'validate');
    ok(await run(root, ['plan', '--out', 'plan.json', '--format', 'json']), 'plan --out');
    ok(await run(root, ['apply', 'plan.json', '--format', 'json']), 'apply plan.json');
    appId = Number((/secure: (\d+)/.exec(readFileSync(join(root, 'appdeploy.yaml'), 'utf8')) ?? [])[1]);
    expect(appId).toBeGreaterThan(0);
    const ids = Object.fromEntries(Object.keys(environments()).map((env) => [env, appId]));
    for (const permission of [0, 1])
      tokens.push(
        (
          await control('POST', '/_emulator/tokens', {
            app: appId,
            permissions: { view: true, add: true, edit: true, delete: true, manage: permission === 0 },
          })
        ).token as string,
      );
    writeConfig(root, ids);
    mkdirSync(failing());
    for (const name of ['apps', 'records', 'certs', '.env', 'appdeploy.yaml'])
      cpSync(join(root, name), join(failing(), name), { recursive: true });
    // Settled here, awaited at the end: a failure of theirs is the test's, not an unhandled one.
    const failed = failingRuns().then(
      () => null,
      (error: Error) => error,
    );

    ok(await run(root, ['seed', '--yes']), 'seed');
    // After each apply, a fresh plan is empty (--detailed-exitcode: 0).
    ok(await run(root, ['plan', '--check', '--detailed-exitcode', '--format', 'json']), 'plan --check');
    ok(await run(root, ['status', '--format', 'json']), 'status');
    ok(await run(root, ['plan', '--env', 'pem', '--verbose']), 'plan with two tokens and a PEM key');
    // HTTPS_PROXY, and https_proxy (which wins), with credentials; NODE_DEBUG's traces of node.
    const envProxyUrl = envProxy.url.replace('//', `//envuser:${encodeURIComponent(ENV_PROXY_PASSWORD)}@`);
    ok(await run(root, ['status', '--env', 'viaenv'], { HTTPS_PROXY: envProxyUrl }), 'HTTPS_PROXY');
    ok(
      await run(root, ['plan', '--env', 'viaenv', '--format', 'json'], {
        https_proxy: envProxyUrl,
        HTTPS_PROXY: 'http://127.0.0.1:9',
        NODE_DEBUG: 'undici,net,tls,http',
      }),
      'https_proxy with NODE_DEBUG',
    );
    expect(envProxy.tunnels.length).toBeGreaterThanOrEqual(2);
    ok(await run(root, ['export', '--app', 'notes', '--format', 'json']), 'export');
    ok(
      await run(root, ['export', '--records', '--app', 'notes', '--mask', 'note']),
      'export --records --mask',
    );
    // A field holding values removed: apply backs them up (.appdeploy/backups/), restore writes them back.
    writeManifest(root, false);
    writeFileSync(join(root, 'records/notes.yaml'), stringify([{ code: 'N1', title: 'First' }]));
    ok(
      await run(root, ['apply', '--yes', '--allow-data-loss', '--format', 'json']),
      'apply removing a field',
    );
    writeManifest(root, true);
    ok(await run(root, ['apply', '--yes']), 'apply adding it again');
    ok(await run(root, ['plan', '--detailed-exitcode']), 'plan after the applies');
    const backups = filesUnder(root).filter((path) => path.includes('backups') && path.endsWith('.jsonl'));
    expect(backups).toHaveLength(1);
    ok(await run(root, ['restore', backups[0]!, '--yes']), 'restore');
    // A deploy the service refuses with a body that echoes the request: apply rolls back.
    await control('POST', '/_emulator/faults', {
      method: 'POST',
      path: 'app/deploy\\.json$',
      status: 500,
      times: 1,
      body: {
        code: 'GAIA_ECHO',
        id: 'echo',
        message: `echoed ${b64(`deployer:${DEPLOY_PASSWORD}`)} ${DEPLOY_PASSWORD} ${BASIC_PASSWORD} ${b64(`gate:${BASIC_PASSWORD}`)}`,
      },
    });
    writeManifest(root, true, 'Title (changed)');
    const refused = await run(root, ['apply', '--yes', '--format', 'json']);
    expect(refused.code, refused.stdout + refused.stderr).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/GAIA_ECHO\S* echoed \*\*\* \*\*\* \*\*\* \*\*\*/);
    // Drift (2): the manifest says what the refused apply did not write.
    expect((await run(root, ['status'])).code).toBe(2);
    ok(await run(root, ['revert', '--yes']), 'revert');

    const failure = await failed;
    if (failure !== null) throw failure;
    expectNoSecretInFiles(root);
    expectNoSecretInFiles(failing());
    // What the sweep looked in: the project's own files and .appdeploy/'s.
    expect(filesUnder(join(root, '.appdeploy')).length).toBeGreaterThan(0);
  }, 120_000);
});
