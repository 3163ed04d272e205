/**
 * One draw of the reach sweep: how a user behind a company network gives each setting of the
 * connection (README "Behind a proxy, with Secure Access", docs/client.md "Reach"), chosen from a
 * seed. A draw is data; expect.ts says what the docs promise for it, run.ts writes it out as a
 * project, variables and files, and runs the built CLI.
 */

/** The local services of the sweep (world.ts). */
export type ServiceKind =
  | 'http' // plain HTTP
  | 'secure' // HTTPS, its certificate signed by the test CA, client certificates required
  | 'expired' // HTTPS, a certificate of the test CA that expired in 2001, no client certificate asked
  | 'wrongHost' // as secure, on 127.0.0.2, which its certificate (for 127.0.0.1, localhost, service.invalid) does not name
  | 'closed'; // a loopback port nothing listens on

/** The proxies (world.ts) a setting may name. */
export type ProxyKind =
  | 'plain' // http://, takes anyone
  | 'auth' // http://, wants PROXY_LOGIN / PROXY_PASSWORD (407 otherwise)
  | 'refusing' // http://, answers every CONNECT 403
  | 'tls' // https://, its certificate signed by the test CA, wants the credentials
  | 'plainAsHttps' // the plain one written as https://
  | 'notProxy' // a web server that is no proxy (the plain service's port)
  | 'closed'; // a loopback port nothing listens on

export type Credentials = 'right' | 'wrong' | 'missing' | 'unencoded';

/** How the proxy's address is written: with its scheme, without one (a variable only), with a path (a variable only). */
export type ProxyForm = 'scheme' | 'slash' | 'bare' | 'path';

export interface ProxySetting {
  kind: ProxyKind;
  credentials: Credentials;
  form: ProxyForm;
}

export const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;
export type ProxyVariable = (typeof PROXY_VARIABLES)[number];

export type CaChoice =
  | 'none'
  | 'yaml' // ca: certs/ca.pem
  | 'extra' // NODE_EXTRA_CA_CERTS=certs/ca.pem
  | 'yamlOther' // ca: certs/other-ca.pem (not the one that signs)
  | 'yamlOtherPlusExtra' // ca: other-ca.pem, NODE_EXTRA_CA_CERTS=ca.pem (ca adds to the defaults)
  | 'yamlMissing'
  | 'yamlFolder'
  | 'yamlGarbage' // a text file holding no certificate
  | 'extraMissing'; // NODE_EXTRA_CA_CERTS naming no file: node warns and trusts nothing more

export type CertChoice =
  | 'none'
  | 'pfx'
  | 'pfxWrong'
  | 'pfxNoPassword'
  | 'pemEncrypted'
  | 'pemWrong'
  | 'pemNoPassphrase'
  | 'pemPlain'
  | 'stranger' // a .pfx another CA signed: the service refuses it
  | 'missing'
  | 'folder'
  | 'garbagePfx' // bytes that are no PKCS#12
  | 'pemAsPfx' // the PEM certificate given as pfx
  | 'keyAsCert'; // the key given as cert

export type Host = '127.0.0.1' | '127.0.0.2' | 'localhost' | 'service.invalid';

export interface Draw {
  service: ServiceKind;
  /** For a closed port: which scheme the base URL says. */
  scheme: 'http' | 'https';
  host: Host;
  /** The base URL's path: none, `/`, or an address of the service's pages or API (refused). */
  path: '' | '/' | '/k/' | '/k/v1';
  /** The environment's own `proxy:`, written with the credentials in variables or the whole URL in one. */
  yamlProxy: (ProxySetting & { whole: boolean }) | undefined;
  /** The proxy variables set, each to a proxy or to ''. */
  variables: Partial<Record<ProxyVariable, ProxySetting | ''>>;
  noProxy: { name: 'NO_PROXY' | 'no_proxy' | 'both'; value: string; decoy?: string } | undefined;
  ca: CaChoice;
  certificate: CertChoice;
  basicAuth: boolean;
  /** Where the `${VARIABLES}` of appdeploy.yaml get their values. */
  variablesFrom: 'environment' | 'dotenv';
  /** The command a failing draw is met with (a working one runs them all). */
  command: 'plan' | 'export' | 'apply' | 'validate';
  json: boolean;
}

export class Random {
  constructor(private readonly next: () => number) {}
  float(): number {
    return this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const PROXY_KINDS: readonly ProxyKind[] = [
  'plain',
  'auth',
  'auth',
  'tls',
  'tls',
  'refusing',
  'plainAsHttps',
  'notProxy',
  'closed',
];

function proxySetting(random: Random, inVariable: boolean, good: boolean): ProxySetting {
  const kind = random.pick(good ? (['plain', 'auth', 'tls'] as const) : PROXY_KINDS);
  const needsLogin = kind === 'auth' || kind === 'tls';
  const credentials: Credentials = random.pick<Credentials>(
    good
      ? ['right']
      : needsLogin
        ? ['right', 'right', 'wrong', 'missing', 'unencoded']
        : ['missing', 'missing', 'right', 'unencoded'],
  );
  const forms: ProxyForm[] = inVariable
    ? ['scheme', 'scheme', 'slash', 'bare', 'path']
    : ['scheme', 'scheme', 'slash'];
  // Without a scheme it is an http:// proxy: a TLS proxy so written is a proxy of the wrong scheme.
  return { kind, credentials, form: random.pick(forms) };
}

/** A NO_PROXY list for `host:port`, its entries matching the host or not. */
function noProxyValue(random: Random, host: Host, port: number): string {
  const matching = [
    host,
    host.toUpperCase(),
    `${host}:${port}`,
    ...(host === 'service.invalid' ? ['.invalid', '.service.invalid', 'invalid'] : []),
    ...(host === 'localhost' ? ['.localhost'] : []),
    ...(host.startsWith('127.') ? ['127.0.0.0/8', `${host}/32`] : []),
  ];
  const other = [
    'example.com',
    '.example.org',
    `${host}:${port + 1}`,
    '10.0.0.0/8',
    '::1',
    ...(host === 'localhost' ? ['127.0.0.1'] : []),
    ...(host.startsWith('127.') ? ['localhost', host === '127.0.0.1' ? '127.0.0.2' : '127.0.0.1'] : []),
    ...(host === 'service.invalid' ? ['service.invalid.example', 'xservice.invalid'] : []),
  ];
  if (random.chance(0.1)) return '*';
  const entries = Array.from({ length: 1 + random.int(3) }, () =>
    random.chance(0.45) ? random.pick(matching) : random.pick(other),
  );
  return entries.join(random.pick([',', ', ', ' ']));
}

export function nextDraw(random: Random, ports: (service: ServiceKind) => number): Draw {
  // Half the draws are what a user who read the README writes, one setting perhaps wrong; the
  // other half anything at all.
  const good = random.chance(0.5);
  const service = random.pick<ServiceKind>(
    good
      ? ['http', 'secure', 'secure', 'secure']
      : ['http', 'secure', 'secure', 'expired', 'wrongHost', 'closed'],
  );
  const scheme =
    service === 'http' ? 'http' : service === 'closed' ? random.pick(['http', 'https'] as const) : 'https';
  const host =
    service === 'wrongHost'
      ? '127.0.0.2'
      : random.pick<Host>(['127.0.0.1', '127.0.0.1', 'localhost', 'service.invalid', 'service.invalid']);
  const path =
    !good && random.chance(0.1) ? random.pick(['/k/', '/k/v1'] as const) : random.pick(['', '/'] as const);
  const yamlProxy = random.chance(0.35)
    ? { ...proxySetting(random, false, good), whole: random.chance(0.3) }
    : undefined;
  const variables: Draw['variables'] = {};
  const count = random.pick([0, 1, 1, 1, 2, 2, 3]);
  for (let i = 0; i < count; i++)
    variables[random.pick(PROXY_VARIABLES)] = random.chance(0.1)
      ? ''
      : proxySetting(random, true, good && i === 0);
  const noProxy = random.chance(0.4)
    ? {
        name: random.pick(['NO_PROXY', 'NO_PROXY', 'no_proxy', 'both'] as const),
        value: noProxyValue(random, host, ports(service)),
        decoy: noProxyValue(random, host, ports(service)),
      }
    : undefined;
  const secureService = service === 'secure' || service === 'wrongHost';
  return {
    service,
    scheme,
    host,
    path,
    yamlProxy,
    variables,
    noProxy,
    ca: random.pick<CaChoice>(
      good
        ? ['yaml', 'extra', 'yamlOtherPlusExtra']
        : [
            ...(['yaml', 'yaml', 'extra', 'none', 'yamlOther', 'yamlOtherPlusExtra'] as const),
            ...(random.chance(0.3)
              ? (['yamlMissing', 'yamlFolder', 'yamlGarbage', 'extraMissing'] as const)
              : []),
          ],
    ),
    certificate: random.pick<CertChoice>(
      good || (secureService && random.chance(0.4))
        ? ['pfx', 'pfx', 'pemEncrypted', 'pemPlain']
        : [
            'none',
            'pfx',
            'pfxWrong',
            'pfxNoPassword',
            'pemEncrypted',
            'pemWrong',
            'pemNoPassphrase',
            'pemPlain',
            'stranger',
            'missing',
            'folder',
            'garbagePfx',
            'pemAsPfx',
            'keyAsCert',
          ],
    ),
    basicAuth: random.chance(0.3),
    variablesFrom: random.pick(['environment', 'dotenv'] as const),
    // Not status: with no app created yet it has nothing to ask the service.
    command: random.pick(['plan', 'plan', 'export', 'apply', 'validate'] as const),
    json: random.chance(0.3),
  };
}

/** The draw in a line, for a failure's report. */
export function describeDraw(draw: Draw): string {
  return JSON.stringify(draw);
}
