/**
 * The built CLI reaching a service the way users behind company networks do (issue 34), end to
 * end on loopback: `appdeploy emulator --tls-cert --tls-key --tls-client-ca` serving a Secure
 * Access domain, reached by `plan`, `plan --check` and `export` with a .pfx or PEM certificate and
 * the test CA (`ca`), through a CONNECT proxy that counts its tunnels (the service is addressed by
 * a name only the proxy resolves, so a request that went around it fails), with the proxy from
 * `proxy:` (credentials from a variable) or HTTPS_PROXY, NO_PROXY honoured; `validate` locating a
 * missing certificate file; and no password in any output or file of a failing or succeeding run.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { appdeploy, runCli, tempDir, type CliProcess, type Run } from '../support/cli.js';
import { NO_MACHINE_PROXY, startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { PEM_PASSPHRASE, PFX_PASSWORD, tlsFile } from '../support/tls.js';

const PROXY_PASSWORD = 'proxy-Secret-3377cd';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const FORBIDDEN = [PFX_PASSWORD, PEM_PASSPHRASE, PROXY_PASSWORD, b64(`corp:${PROXY_PASSWORD}`)];

let emulator: CliProcess;
let port: number;
let proxy: TestProxy;
let root: string;
const runs: Run[] = [];

beforeAll(async () => {
  emulator = await runCli([
    'emulator',
    '--port',
    '0',
    '--tls-cert',
    tlsFile('server.pem'),
    '--tls-key',
    tlsFile('server-key.pem'),
    '--tls-client-ca',
    tlsFile('ca.pem'),
  ]);
  port = Number(/:(\d+)/.exec(emulator.firstLine)?.[1]);
  proxy = await startConnectProxy({ login: 'corp', password: PROXY_PASSWORD, aliases: ['service.invalid'] });
  root = await tempDir('reach');
  await mkdir(join(root, 'apps'));
  await mkdir(join(root, 'certs'));
  for (const file of ['client.pfx', 'client.pem', 'client-key-encrypted.pem', 'ca.pem'])
    await writeFile(join(root, 'certs', file), await readFile(tlsFile(file)));
  await writeFile(
    join(root, 'apps/notes.yaml'),
    stringify({
      name: 'Notes',
      fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
      layout: [{ type: 'ROW', fields: [{ code: 'title' }] }],
    }),
  );
});

afterAll(async () => {
  emulator.child.kill('SIGTERM');
  await emulator.exited;
  await proxy.close();
  await rm(root, { recursive: true, force: true });
});

const SERVICE = () => `https://service.invalid:${port}`;
const PFX = { pfx: 'certs/client.pfx', password: '${PFX_PASSWORD}' };
const PEM = {
  cert: 'certs/client.pem',
  key: 'certs/client-key-encrypted.pem',
  passphrase: '${KEY_PASSPHRASE}',
};
const SECRETS_ENV = { PFX_PASSWORD, KEY_PASSPHRASE: PEM_PASSPHRASE, PROXY_PASSWORD };

/** The app's id in `prod`, once the first test's apply has created it: later plans read it. */
let notesId: string | undefined;

/** appdeploy.yaml with one environment, `prod`, set as given. */
async function project(prod: Record<string, unknown>): Promise<void> {
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: { prod: { auth: { login: 'admin', password: 'admin' }, ...prod } },
      apps: { notes: { manifest: 'apps/notes.yaml', ...(notesId ? { ids: { prod: notesId } } : {}) } },
    }),
  );
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  // The machine's own proxy settings stay out of these runs.
  const result = await appdeploy(args, root, { ...NO_MACHINE_PROXY, ...env });
  runs.push(result);
  return result;
}

const PROXY_OPTION = () => `http://corp:\${PROXY_PASSWORD}@127.0.0.1:${new URL(proxy.url).port}`;

describe('appdeploy emulator over HTTPS', () => {
  it.each([
    [['--tls-cert', tlsFile('server.pem')], 'HTTPS needs both --tls-cert and --tls-key'],
    [['--tls-client-ca', tlsFile('ca.pem')], 'HTTPS needs both --tls-cert and --tls-key'],
    [
      ['--tls-cert', tlsFile('server.pem'), '--tls-key', 'no-such-key.pem'],
      '--tls-key no-such-key.pem: no such file',
    ],
  ])('refuses %j, saying why', async (flags, said) => {
    const result = await appdeploy(['emulator', '--port', '0', ...flags], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(said);
  });

  it('says https:// on its first line', () => {
    expect(emulator.firstLine).toMatch(/^listening on https:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('a Secure Access domain behind a proxy', () => {
  it('plan and apply go through the proxy of appdeploy.yaml with a .pfx, every request in its tunnel', async () => {
    await project({ baseUrl: SERVICE(), proxy: PROXY_OPTION(), clientCertificate: PFX, ca: 'certs/ca.pem' });
    const before = proxy.tunnels.length;
    const planned = await run(['plan', '--out', 'plan.json'], SECRETS_ENV);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await run(['apply', 'plan.json', '--yes'], SECRETS_ENV);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(proxy.tunnels.length).toBeGreaterThan(before);
    notesId = (/ids:\s*\n\s*prod: "?(\d+)/.exec(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) ??
      [])[1];
    expect(notesId).toMatch(/^\d+$/);
    await project({ baseUrl: SERVICE(), proxy: PROXY_OPTION(), clientCertificate: PFX, ca: 'certs/ca.pem' });
    const again = await run(['plan', '--detailed-exitcode'], SECRETS_ENV);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('plan --check and export go through it with a PEM certificate, the proxy from HTTPS_PROXY', async () => {
    await project({ baseUrl: SERVICE(), clientCertificate: PEM, ca: 'certs/ca.pem' });
    const via = {
      ...SECRETS_ENV,
      HTTPS_PROXY: `http://corp:${PROXY_PASSWORD}@127.0.0.1:${new URL(proxy.url).port}`,
    };
    const before = proxy.tunnels.length;
    const check = await run(['plan', '--check'], via);
    expect(check.stdout + check.stderr).toMatch(/Check passed/);
    expect(check.code).toBe(0);
    const exported = await run(['export', '--all'], via);
    expect(exported.code, exported.stderr).toBe(0);
    expect(proxy.tunnels.length).toBeGreaterThan(before);
  });

  it('NO_PROXY: the service named there is reached directly', async () => {
    await project({ baseUrl: `https://127.0.0.1:${port}`, clientCertificate: PFX, ca: 'certs/ca.pem' });
    const before = proxy.tunnels.length;
    const result = await run(['plan'], {
      ...SECRETS_ENV,
      HTTPS_PROXY: proxy.url,
      NO_PROXY: 'localhost,127.0.0.1',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.tunnels.length).toBe(before);
  });

  it('without a certificate, the service refuses and the error says one is needed', async () => {
    await project({ baseUrl: SERVICE(), proxy: PROXY_OPTION(), ca: 'certs/ca.pem' });
    const result = await run(['plan'], SECRETS_ENV);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toMatch(/asks for a client certificate \(a Secure Access domain\) and none is set/);
  });

  it('a wrong password is said to be wrong, exit 1, and never shown', async () => {
    await project({ baseUrl: SERVICE(), proxy: PROXY_OPTION(), clientCertificate: PFX, ca: 'certs/ca.pem' });
    const result = await run(['plan', '--format', 'json'], {
      ...SECRETS_ENV,
      PFX_PASSWORD: `${PFX_PASSWORD}-no`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/clientCertificate.password does not open .*client\.pfx/);
    expect(JSON.parse(result.stdout).error.code).toBe('CLIENT.options');
    // Where the password comes from, as for a refused login (reach sweep): a stale one in the shell hides .env.
    expect(JSON.parse(result.stdout).error.hint).toMatch(
      /^Environment "prod" has its client certificate from appdeploy\.yaml:\d+:\d+\. PFX_PASSWORD is set in the machine's environment, which wins over \.env\.$/,
    );
  });

  it('a ca holding no certificate: the hint names the line of ca', async () => {
    await project({
      baseUrl: SERVICE(),
      proxy: PROXY_OPTION(),
      clientCertificate: PFX,
      ca: 'certs/client.pfx',
    });
    const result = await run(['plan'], SECRETS_ENV);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: ca \S*certs\/client\.pfx holds no certificate/m);
    expect(result.stderr).toMatch(/\n {2}Environment "prod" has its ca from appdeploy\.yaml:\d+:\d+\.\n/);
  });

  it('a proxy refusing the credentials (407) is named, not the service', async () => {
    await project({ baseUrl: SERVICE(), proxy: PROXY_OPTION(), clientCertificate: PFX, ca: 'certs/ca.pem' });
    const result = await run(['plan'], { ...SECRETS_ENV, PROXY_PASSWORD: 'not-it' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `the proxy ${proxy.url} (from the proxy option) refused to open a tunnel`,
    );
    expect(result.stderr).toMatch(/407/);
    // Where to fix it: the proxy's line and its variables, not the base URL's (reach sweep, seed 2).
    expect(result.stderr).toMatch(
      /\n {2}Environment "prod" has this proxy from appdeploy\.yaml:\d+:\d+\. PROXY_PASSWORD is set in the machine's environment, which wins over \.env\.\n/,
    );
    expect(result.stderr).not.toMatch(/has this address/);
  });

  it('a proxy of HTTPS_PROXY refusing the tunnel: the hint names the variable, not the base URL', async () => {
    await project({ baseUrl: SERVICE(), clientCertificate: PFX, ca: 'certs/ca.pem' });
    const result = await run(['plan'], { ...SECRETS_ENV, HTTPS_PROXY: proxy.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the proxy ${proxy.url} (from HTTPS_PROXY) refused to open a tunnel`);
    expect(result.stderr).toContain(
      "\n  HTTPS_PROXY is set in the machine's environment (the shell, the CI's variables): correct it there, give the environment a proxy of its own in appdeploy.yaml (which wins over it), or name the service's host in NO_PROXY.\n",
    );
  });

  it('validate locates a missing certificate file and an unset password', async () => {
    await project({
      baseUrl: SERVICE(),
      clientCertificate: { pfx: 'certs/missing.pfx', password: '${UNSET_PFX_PASSWORD}' },
      ca: 'certs/nope.pem',
    });
    const result = await run(['validate'], { UNSET_PFX_PASSWORD: undefined });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const lines = (result.stdout + result.stderr)
      .split('\n')
      .filter((line) => /^appdeploy\.yaml:\d+:\d+/.test(line));
    expect(lines.join('\n')).toMatch(
      /appdeploy\.yaml:\d+:\d+: .*environments\.prod\.clientCertificate\.pfx: file "certs\/missing\.pfx" does not exist/,
    );
    expect(lines.join('\n')).toMatch(
      /appdeploy\.yaml:\d+:\d+: .*environments\.prod\.ca: file "certs\/nope\.pem" does not exist/,
    );
    expect(lines.join('\n')).toMatch(/UNSET_PFX_PASSWORD/);
  });

  it("init's commented example of a proxy, a client certificate and a CA validates once uncommented", async () => {
    const dir = await tempDir('reach-init');
    try {
      expect((await appdeploy(['init'], dir)).code).toBe(0);
      const config = await readFile(join(dir, 'appdeploy.yaml'), 'utf8');
      const uncommented = config
        .split('\n')
        .map((line) => (/^ {2}# *[a-z][a-zA-Z]*:( |$)/.test(line) ? line.replace(/^ {2}# /, '  ') : line))
        .join('\n');
      expect(uncommented).toMatch(/^ {4}clientCertificate: \{ pfx: certs\/me\.pfx/m);
      await writeFile(join(dir, 'appdeploy.yaml'), uncommented);
      await mkdir(join(dir, 'certs'));
      await writeFile(join(dir, 'certs/me.pfx'), await readFile(tlsFile('client.pfx')));
      await writeFile(join(dir, 'certs/company-ca.pem'), await readFile(tlsFile('ca.pem')));
      const vars = {
        STAGING_LOGIN: 'a',
        STAGING_PASSWORD: 'b',
        PROXY_LOGIN: 'p',
        PROXY_PASSWORD: 'q',
        PFX_PASSWORD,
      };
      const result = await appdeploy(['validate', '--env', 'staging'], dir, vars);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('no password, passphrase or proxy credential in any output or file of those runs', async () => {
    expect(runs.length).toBeGreaterThanOrEqual(7);
    const files = await readdir(root, { recursive: true });
    const texts = [
      ...runs.flatMap((r) => [r.stdout, r.stderr]),
      ...(await Promise.all(
        files
          .filter((file) => !file.startsWith('certs') && /\.(json|ya?ml|log|md)$/.test(file))
          .map((file) => readFile(join(root, file), 'utf8')),
      )),
      emulator.stderr(),
    ];
    expect(files).toContain('plan.json');
    for (const secret of FORBIDDEN) for (const text of texts) expect(text).not.toContain(secret);
  });
});
