/**
 * An environment's proxy, clientCertificate and ca as validate reads them (issue 34): the forms
 * the schema takes, the mistakes it names at their line and column, the files of the chosen
 * environment that must exist (another environment's need not, as with its variables).
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The problems of appdeploy.yaml with `prod` set as given (and certs/ holding me.pfx, ca.pem). */
async function problems(
  prod: string,
  env = 'prod',
  baseUrl = 'https://example.com',
  variables: Record<string, string> = {},
): Promise<string[]> {
  const dir = await tempProject('appdeploy-reach-', {
    'appdeploy.yaml': `environments:\n  local: {}\n  prod:\n    baseUrl: ${baseUrl}\n    auth: { login: a, password: b }\n${prod}`,
    'certs/me.pfx': 'not really a certificate: validate only checks that it is there',
    'certs/ca.pem': '-',
  });
  dirs.push(dir);
  const result = await validateProject({
    cwd: dir,
    dir,
    env,
    variables: { PFX_PASSWORD: 'x', ...variables },
  });
  return result.problems.map((p) => `${p.line}:${p.col} ${p.message}`);
}

describe('proxy, clientCertificate and ca under an environment', () => {
  it.each([
    [
      'a proxy URL with credentials from variables',
      '    proxy: http://corp:${PFX_PASSWORD}@proxy.example.com:8080\n',
    ],
    ['a .pfx and its password', '    clientCertificate: { pfx: certs/me.pfx, password: ${PFX_PASSWORD} }\n'],
    ['a .pfx without a password', '    clientCertificate: { pfx: certs/me.pfx }\n'],
    [
      'PEM certificate and key',
      '    clientCertificate: { cert: certs/me.pfx, key: certs/ca.pem, passphrase: x }\n',
    ],
    ['a CA', '    ca: certs/ca.pem\n'],
  ])('takes %s', async (_, prod) => {
    expect(await problems(prod)).toEqual([]);
  });

  it.each<[string, string, string, Record<string, string>?]>([
    [
      'a proxy that is not a URL',
      '    proxy: proxy.example.com:8080\n',
      '6:12 environments.prod.proxy: must be an http:// or https:// URL of a proxy: http://host:port, a login or password in it with / ? # or % percent-encoded (%2F %3F %23 %25)',
    ],
    [
      'a proxy URL with a path',
      '    proxy: http://proxy.example.com/x\n',
      '6:12 environments.prod.proxy: must be an http:// or https:// URL of a proxy: http://host:port, a login or password in it with / ? # or % percent-encoded (%2F %3F %23 %25)',
    ],
    // The variable's value is read into the URL as it is: a password with / ? # or a lone % must be
    // given percent-encoded (the client would read `me:ab` as a host and port, or fail decoding).
    ...['ab/cd', 'ab#cd', 'ab?cd', '50%off'].map(
      (password): [string, string, string, Record<string, string>] => [
        `a proxy password holding ${password.replace(/[a-z0-9]/g, '')} not percent-encoded`,
        `    proxy: http://corp:\${PROXY_PASSWORD}@proxy.example.com:8080\n`,
        '6:12 environments.prod.proxy: must be an http:// or https:// URL of a proxy: http://host:port, a login or password in it with / ? # or % percent-encoded (%2F %3F %23 %25)',
        { PROXY_PASSWORD: password },
      ],
    ),
    [
      'pfx and cert both',
      '    clientCertificate: { pfx: certs/me.pfx, cert: certs/ca.pem, key: certs/ca.pem }\n',
      '6:24 environments.prod.clientCertificate: takes pfx (with password) or cert and key (with passphrase), not both',
    ],
    [
      'cert without key',
      '    clientCertificate: { cert: certs/ca.pem }\n',
      '6:24 environments.prod.clientCertificate: cert needs key too',
    ],
    [
      'a password without pfx',
      '    clientCertificate: { cert: certs/ca.pem, key: certs/ca.pem, password: x }\n',
      '6:24 environments.prod.clientCertificate: password needs pfx too',
    ],
    [
      'a missing .pfx',
      '    clientCertificate: { pfx: certs/none.pfx }\n',
      '6:31 environments.prod.clientCertificate.pfx: file "certs/none.pfx" does not exist',
    ],
    ['a CA that is a folder', '    ca: certs\n', '6:9 environments.prod.ca: file "certs" is not a file'],
    [
      'an unset password',
      '    clientCertificate: { pfx: certs/me.pfx, password: ${NOT_SET_ANYWHERE} }\n',
      '6:55 variable NOT_SET_ANYWHERE is not set',
    ],
  ])('names %s at its place', async (_, prod, said, variables?: Record<string, string>) => {
    expect(await problems(prod, 'prod', 'https://example.com', variables)).toContain(said);
  });

  // The client refuses these when it connects (test/client/base-url.test.ts); validate names them
  // first, at the line, in every environment, as the schema checks every baseUrl.
  it.each([
    [
      "the portal's address, copied from the browser",
      'https://example.cybozu.com/k/#/portal',
      "4:14 environments.staging.baseUrl: is the address of the service's pages (/k/#/portal), not of its API, which every call adds below /k/: give https://example.cybozu.com",
    ],
    [
      "an app's page",
      'https://example.cybozu.com/k/12/',
      "4:14 environments.staging.baseUrl: is the address of the service's pages (/k/12/), not of its API, which every call adds below /k/: give https://example.cybozu.com",
    ],
    [
      "the API's own path",
      'https://example.com/gateway/k/v1/',
      "4:14 environments.staging.baseUrl: ends in the API's own path (/k/v1), which every call adds: give https://example.com/gateway",
    ],
    [
      'credentials, never repeated',
      'https://alice:Secret-1@example.com',
      '4:14 environments.staging.baseUrl: must not hold credentials; pass them as basicAuth: { login, password }',
    ],
    [
      'a query',
      'https://example.com/?lang=en',
      '4:14 environments.staging.baseUrl: must not have a query or fragment: https://example.com',
    ],
  ])('names a baseUrl plan would refuse, %s, in any environment', async (_, baseUrl, said) => {
    const dir = await tempProject('appdeploy-base-url-', {
      'appdeploy.yaml': `environments:\n  local: {}\n  staging:\n    baseUrl: ${baseUrl}\n    auth: { apiToken: t }\n`,
    });
    dirs.push(dir);
    const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
    expect(result.problems.map((p) => `${p.line}:${p.col} ${p.message}`)).toEqual([said]);
    expect(result.problems[0]?.code).toBe('PROJECT.BASE_URL');
  });

  it.each(['https://example.cybozu.com', 'https://example.com/kintone/', 'http://127.0.0.1:8085/'])(
    'takes the baseUrl %s',
    async (baseUrl) => {
      expect(await problems('', 'prod', baseUrl)).toEqual([]);
    },
  );

  // cybozu help 02047: with Secure Access the address is https://example.s.cybozu.com/; the
  // certificate is asked for there only.
  it.each([
    ['https://example.cybozu.com', 'https://example.s.cybozu.com'],
    ['https://Example.cybozu.com/gateway/', 'https://example.s.cybozu.com/gateway'],
    ['https://example.cybozu.cn', 'https://example.s.cybozu.cn'],
  ])('names %s with a client certificate, giving the Secure Access address', async (baseUrl, secure) => {
    expect(await problems('    clientCertificate: { pfx: certs/me.pfx }\n', 'local', baseUrl)).toEqual([
      `4:14 environments.prod.baseUrl: a client certificate (clientCertificate) is asked for at the Secure Access address only: give ${secure}`,
    ]);
  });

  it.each(['https://example.s.cybozu.com', 'https://example.kintone.com', 'https://example.com'])(
    'takes %s with a client certificate',
    async (baseUrl) => {
      expect(await problems('    clientCertificate: { pfx: certs/me.pfx }\n', 'prod', baseUrl)).toEqual([]);
    },
  );

  it("does not look for another environment's files", async () => {
    expect(
      await problems('    clientCertificate: { pfx: certs/none.pfx }\n    ca: none.pem\n', 'local'),
    ).toEqual([]);
  });
});
