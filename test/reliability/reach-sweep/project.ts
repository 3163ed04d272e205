/**
 * A draw written out as a user would: a project folder (appdeploy.yaml with its `${VARIABLES}`,
 * one app, the certificates under certs/, a `.env` when the draw takes its variables from one) and
 * the variables of the shell the command runs in.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { tlsFile } from '../../support/tls.js';
import type { Draw, ProxySetting } from './draw.js';
import { proxyPort, servicePort, type Ports } from './expect.js';
import {
  API_LOGIN,
  API_PASSWORD,
  BASIC_LOGIN,
  BASIC_PASSWORD,
  PEM_PASSPHRASE,
  PFX_PASSWORD,
  PROXY_LOGIN,
  PROXY_PASSWORD,
  WRONG_PEM_PASSPHRASE,
  WRONG_PFX_PASSWORD,
  WRONG_PROXY_PASSWORD,
} from './secrets.js';

const CERTS = [
  'ca.pem',
  'other-ca.pem',
  'client.pfx',
  'client.pem',
  'client-key.pem',
  'client-key-encrypted.pem',
  'stranger.pfx',
];

/** Variables of the machine that would change what a run reaches: left out of every run. */
export const MACHINE_VARIABLES = [
  'https_proxy',
  'HTTPS_PROXY',
  'http_proxy',
  'HTTP_PROXY',
  'no_proxy',
  'NO_PROXY',
  'all_proxy',
  'ALL_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'NODE_TLS_REJECT_UNAUTHORIZED',
];

export interface Written {
  root: string;
  /** The variables of the command's environment (the machine's proxy settings left out). */
  env: NodeJS.ProcessEnv;
}

function proxyAddress(setting: ProxySetting, ports: Ports): string {
  return `127.0.0.1:${proxyPort(setting.kind, ports)}`;
}

function proxyScheme(setting: ProxySetting): string {
  return setting.kind === 'tls' || setting.kind === 'plainAsHttps' ? 'https' : 'http';
}

function userinfo(setting: ProxySetting, login: string, password: string): string {
  if (setting.credentials === 'missing') return '';
  return `${login}:${password}@`;
}

/** The proxy's credentials as the draw writes them: percent-encoded, or not (a mistake). */
function credentials(setting: ProxySetting): { login: string; password: string } {
  const password = setting.credentials === 'wrong' ? WRONG_PROXY_PASSWORD : PROXY_PASSWORD;
  return setting.credentials === 'unencoded'
    ? { login: PROXY_LOGIN, password }
    : { login: encodeURIComponent(PROXY_LOGIN), password: encodeURIComponent(password) };
}

/** A proxy URL as written in a variable. */
function proxyUrl(setting: ProxySetting, ports: Ports): string {
  const { login, password } = credentials(setting);
  const scheme = setting.form === 'bare' ? '' : `${proxyScheme(setting)}://`;
  const tail = { scheme: '', bare: '', slash: '/', path: '/proxy.pac' }[setting.form];
  return `${scheme}${userinfo(setting, login, password)}${proxyAddress(setting, ports)}${tail}`;
}

export function writeProject(draw: Draw, ports: Ports): Written {
  const root = mkdtempSync(join(tmpdir(), 'appdeploy-reach-sweep-'));
  mkdirSync(join(root, 'certs'));
  mkdirSync(join(root, 'apps'));
  for (const file of CERTS) copyFileSync(tlsFile(file), join(root, 'certs', file));
  writeFileSync(
    join(root, 'certs/garbage.pfx'),
    Buffer.from([0x30, 0x82, 0x01, 0x00, ...Array(200).fill(7)]),
  );
  writeFileSync(join(root, 'certs/garbage.pem'), 'this is not a certificate\n');
  mkdirSync(join(root, 'certs/folder.pfx'));
  mkdirSync(join(root, 'certs/folder.pem'));
  writeFileSync(
    join(root, 'apps/notes.yaml'),
    stringify({
      name: 'Notes',
      fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
      layout: [{ type: 'ROW', fields: [{ code: 'title' }] }],
    }),
  );

  const variables: Record<string, string> = { API_PASSWORD };
  const prod: Record<string, unknown> = {
    baseUrl: `${draw.scheme}://${draw.host}:${servicePort(draw, ports)}${draw.path}`,
    auth: { login: API_LOGIN, password: '${API_PASSWORD}' },
  };
  if (draw.basicAuth) {
    prod.basicAuth = { login: BASIC_LOGIN, password: '${BASIC_PASSWORD}' };
    variables.BASIC_PASSWORD = BASIC_PASSWORD;
  }
  if (draw.yamlProxy !== undefined) {
    const setting = draw.yamlProxy;
    if (setting.whole) {
      prod.proxy = '${CORP_PROXY}';
      variables.CORP_PROXY = proxyUrl(setting, ports);
    } else {
      const { login, password } = credentials(setting);
      const tail = setting.form === 'slash' ? '/' : '';
      const user = setting.credentials === 'missing' ? '' : '${PROXY_LOGIN}:${PROXY_PASSWORD}@';
      prod.proxy = `${proxyScheme(setting)}://${user}${proxyAddress(setting, ports)}${tail}`;
      if (setting.credentials !== 'missing')
        Object.assign(variables, { PROXY_LOGIN: login, PROXY_PASSWORD: password });
    }
  }
  const certificate = certificateSetting(draw, variables);
  if (certificate !== undefined) prod.clientCertificate = certificate;
  const ca = {
    yaml: 'certs/ca.pem',
    yamlOther: 'certs/other-ca.pem',
    yamlOtherPlusExtra: 'certs/other-ca.pem',
    yamlMissing: 'certs/missing-ca.pem',
    yamlFolder: 'certs/folder.pem',
    yamlGarbage: 'certs/garbage.pem',
  }[draw.ca as string];
  if (ca !== undefined) prod.ca = ca;
  writeFileSync(
    join(root, 'appdeploy.yaml'),
    stringify({
      defaultEnvironment: 'prod',
      environments: { prod },
      apps: { notes: { manifest: 'apps/notes.yaml' } },
    }),
  );

  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of MACHINE_VARIABLES) delete env[name];
  if (draw.variablesFrom === 'dotenv')
    writeFileSync(
      join(root, '.env'),
      Object.entries(variables)
        .map(([name, value]) => `${name}='${value}'\n`)
        .join(''),
    );
  else Object.assign(env, variables);
  for (const [name, setting] of Object.entries(draw.variables))
    env[name] = setting === '' || setting === undefined ? '' : proxyUrl(setting, ports);
  if (draw.noProxy !== undefined) {
    const { name, value, decoy } = draw.noProxy;
    if (name === 'both') Object.assign(env, { no_proxy: value, NO_PROXY: decoy ?? '' });
    else env[name] = value;
  }
  if (draw.ca === 'extra' || draw.ca === 'yamlOtherPlusExtra')
    env.NODE_EXTRA_CA_CERTS = join(root, 'certs/ca.pem');
  if (draw.ca === 'extraMissing') env.NODE_EXTRA_CA_CERTS = join(root, 'certs/no-such-ca.pem');
  return { root, env };
}

function certificateSetting(
  draw: Draw,
  variables: Record<string, string>,
): Record<string, string> | undefined {
  const pfx = (file: string, password: string | undefined) => {
    if (password !== undefined) variables.PFX_PASSWORD = password;
    return { pfx: `certs/${file}`, ...(password !== undefined ? { password: '${PFX_PASSWORD}' } : {}) };
  };
  const pem = (cert: string, key: string, passphrase: string | undefined) => {
    if (passphrase !== undefined) variables.KEY_PASSPHRASE = passphrase;
    return {
      cert: `certs/${cert}`,
      key: `certs/${key}`,
      ...(passphrase !== undefined ? { passphrase: '${KEY_PASSPHRASE}' } : {}),
    };
  };
  switch (draw.certificate) {
    case 'none':
      return undefined;
    case 'pfx':
      return pfx('client.pfx', PFX_PASSWORD);
    case 'pfxWrong':
      return pfx('client.pfx', WRONG_PFX_PASSWORD);
    case 'pfxNoPassword':
      return pfx('client.pfx', undefined);
    case 'pemEncrypted':
      return pem('client.pem', 'client-key-encrypted.pem', PEM_PASSPHRASE);
    case 'pemWrong':
      return pem('client.pem', 'client-key-encrypted.pem', WRONG_PEM_PASSPHRASE);
    case 'pemNoPassphrase':
      return pem('client.pem', 'client-key-encrypted.pem', undefined);
    case 'pemPlain':
      return pem('client.pem', 'client-key.pem', undefined);
    case 'stranger':
      return pfx('stranger.pfx', PFX_PASSWORD);
    case 'missing':
      return pfx('missing.pfx', PFX_PASSWORD);
    case 'folder':
      return pfx('folder.pfx', PFX_PASSWORD);
    case 'garbagePfx':
      return pfx('garbage.pfx', PFX_PASSWORD);
    case 'pemAsPfx':
      return pfx('client.pem', PFX_PASSWORD);
    case 'keyAsCert':
      return pem('client-key.pem', 'client-key.pem', undefined);
  }
}
