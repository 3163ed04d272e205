import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, type Run } from '../support/cli.js';
import { closedPort as aClosedPort } from '../support/closed-port.js';

/**
 * Secrets given to the CLI, in the environment and in `.env`, never come back out: not in stdout
 * or stderr, not in a saved plan, a JSON result, an error, nor in any file a command writes;
 * neither as written nor as the Base64 of an Authorization header.
 */
const PASSWORD = 'pw-Secret-7f3a9c1d';
const WRONG_PASSWORD = 'pw-Wrong-b81e55aa';
const TOKEN = 'tok-Secret-c0ffee42';
const CLOSED_PASSWORD = 'pw-Closed-99d1e2f3';
const PROXY_PASSWORD = 'proxy-Secret-4242ab';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const SECRETS = [PASSWORD, WRONG_PASSWORD, TOKEN, CLOSED_PASSWORD, PROXY_PASSWORD];
const FORBIDDEN = [
  ...SECRETS,
  b64(`deployer:${PASSWORD}`),
  b64(`deployer:${WRONG_PASSWORD}`),
  b64(`deployer:${CLOSED_PASSWORD}`),
  b64(`proxy:${PROXY_PASSWORD}`),
];

let emulator: RunningEmulator;
let root: string;
let closedPort: number;
const ENV = { DEPLOY_PASSWORD: PASSWORD, CLOSED_PASSWORD };

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    deployMs: 20,
    users: [{ login: 'deployer', password: PASSWORD, admin: true }],
  });
  closedPort = await aClosedPort();
  root = mkdtempSync(join(tmpdir(), 'appdeploy-secrets-'));
  mkdirSync(join(root, 'apps'));
  writeFileSync(
    join(root, 'apps/notes.yaml'),
    stringify({
      name: 'Notes',
      fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
      layout: [{ type: 'ROW', fields: [{ code: 'title' }] }],
    }),
  );
  writeFileSync(
    join(root, '.env'),
    `WRONG_PASSWORD=${WRONG_PASSWORD}\nAPI_TOKEN=${TOKEN}\nPROXY_PASSWORD=${PROXY_PASSWORD}\n`,
  );
  const auth = (password: string) => ({ login: 'deployer', password: `\${${password}}` });
  writeFileSync(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: {
        good: { baseUrl: emulator.url, auth: auth('DEPLOY_PASSWORD') },
        wrong: { baseUrl: emulator.url, auth: auth('WRONG_PASSWORD') },
        token: { baseUrl: emulator.url, auth: { apiToken: '${API_TOKEN}' } },
        closed: {
          baseUrl: `http://127.0.0.1:${closedPort}`,
          auth: auth('CLOSED_PASSWORD'),
          basicAuth: { login: 'proxy', password: '${PROXY_PASSWORD}' },
        },
      },
      defaultEnvironment: 'good',
      // The failing environments name an app id, so every command must reach the service.
      apps: { notes: { manifest: 'apps/notes.yaml', ids: { wrong: 1, token: 1, closed: 1 } } },
    }),
  );
}, 180_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(root, { recursive: true, force: true });
});

function expectNoSecret(run: Run, what: string): void {
  for (const secret of FORBIDDEN) {
    expect(run.stdout.includes(secret), `${what}: stdout holds a secret:\n${run.stdout}`).toBe(false);
    expect(run.stderr.includes(secret), `${what}: stderr holds a secret:\n${run.stderr}`).toBe(false);
  }
}

/** Every file of the project but .env (plans, exports, appdeploy.yaml as apply rewrote it). */
function expectNoSecretInFiles(dir = root): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) expectNoSecretInFiles(path);
    else if (name !== '.env') {
      const text = readFileSync(path, 'latin1');
      for (const secret of FORBIDDEN) expect(text.includes(secret), `${path} holds a secret`).toBe(false);
    }
  }
}

async function run(args: string[]): Promise<Run> {
  const result = await appdeploy(args, root, ENV);
  expectNoSecret(result, args.join(' '));
  return result;
}

describe('secrets stay secret', () => {
  it('succeeding commands: validate, plan --out, apply, status, export, revert', async () => {
    expect((await run(['validate', '--format', 'json'])).code).toBe(0);
    const planned = await run(['plan', '--out', 'plan.json', '--format', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await run(['apply', 'plan.json', '--yes', '--format', 'json']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect((await run(['status', '--format', 'json'])).code).toBe(0);
    const exported = await run(['export', '--app', 'notes', '--format', 'json']);
    expect(exported.code, exported.stderr).toBe(0);
    expect((await run(['revert', '--yes'])).code).toBe(0);
    expectNoSecretInFiles();
  }, 120_000);

  // Each failing environment: wrong password (from .env), unknown token (from .env), a closed
  // port (password from the environment, proxy password from .env). Every command must fail.
  for (const env of ['wrong', 'token', 'closed']) {
    it(`failing commands against "${env}"`, async () => {
      // Text and JSON outputs; run at once, as each failing call waits out the client's retries.
      const commands = [
        ['plan', '--out', `plan-${env}.json`, '--format', 'json'],
        ['plan'],
        ['apply', '--yes', '--format', 'json'],
        ['status'],
        ['revert', '--yes'],
        ['export', '--app', 'notes', '--format', 'json'],
      ];
      await Promise.all(
        commands.map(async (command) => {
          const result = await run([...command, '--env', env]);
          expect(result.code, `${command.join(' ')} --env ${env}: ${result.stdout}${result.stderr}`).not.toBe(
            0,
          );
        }),
      );
      expectNoSecretInFiles();
    }, 60_000);
  }
});
