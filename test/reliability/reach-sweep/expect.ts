/**
 * What a draw must meet, from what the README ("Behind a proxy, with Secure Access"), docs/client.md
 * ("Reach"), docs/errors.md and the platform promise, never from the code under test:
 *
 * - Which proxy applies: the environment's `proxy:` wins; else, as curl and undici read them,
 *   `https_proxy`, `HTTPS_PROXY`, `http_proxy`, `HTTP_PROXY` for an https:// service (in that
 *   order, lowercase first; an empty one counts as unset) and `http_proxy`, `HTTP_PROXY` for an
 *   http:// one, unless `no_proxy` (else `NO_PROXY`) names the host: `*`, the host, a domain it is
 *   in (with or without its leading dot), `host:port` for that port, an IP address or block. A
 *   host name is never resolved to be compared (`localhost` is not `127.0.0.1`). A proxy written
 *   without a scheme is an http:// one, and a path after its address is ignored.
 * - validate (and every command, before it connects) lists every problem of appdeploy.yaml: a
 *   base URL naming the service's pages or its API path, a proxy URL with an unencoded character in
 *   its credentials, a certificate or CA file that is missing or not a file.
 * - Then the client opens its settings at once (docs/client.md): a proxy variable that cannot be a
 *   URL for its credentials, a CA file holding no certificate, a certificate file of the wrong
 *   kind, a wrong or missing password or passphrase: each an options error naming the setting.
 * - Then the connection, in the order it is made: the proxy (reached, speaking HTTP or TLS as its
 *   scheme says, trusted, taking the credentials, allowing the tunnel, reaching the service: a
 *   proxy answers 502 for a service it cannot reach), or the service's address directly; then the
 *   service's certificate (trusted through `ca`, which adds to the defaults, NODE_EXTRA_CA_CERTS
 *   among them; not expired; issued for the host the base URL names); then the client certificate a
 *   Secure Access domain asks for.
 *
 * Every refusal exits 1 (docs/errors.md) with a message naming the cause, and a hint naming where
 * to fix it: the proxy's setting (its line, or the variable) for the proxy's failure, the base
 * URL's line for the service's.
 *
 * The secure service is a Secure Access domain as the platform describes one (cybozu.com help
 * 02047 "セキュアアクセスとは" and "セキュアアクセスの概要": a client certificate the domain's
 * administrator issues per user, as a .pfx with its password, is required at the `.s` address;
 * one expired or revoked no longer lets the device in), and as the official client reaches it
 * (@kintone/rest-api-client README: `clientCertAuth: { pfx | pfxFilePath, password }`).
 */
import type { Draw, ProxySetting, ProxyVariable, ServiceKind } from './draw.js';

export interface Ports {
  service: Record<ServiceKind, number>;
  proxy: { plain: number; auth: number; refusing: number; tls: number; notProxy: number; closed: number };
}

export interface AppliedProxy {
  setting: ProxySetting;
  /** `the proxy option`, or the variable's name. */
  source: string;
  /** The proxy as messages name it: scheme, host, port. */
  shown: string;
  /** Which of the sweep's proxy servers receives the tunnel (none for a closed port or no proxy). */
  server: 'plain' | 'auth' | 'refusing' | 'tls' | undefined;
}

export type Expected =
  | { outcome: 'works'; proxy: AppliedProxy | undefined }
  | {
      outcome: 'refused';
      stage: 'validate' | 'options' | 'proxy' | 'service';
      /** Every one of these is said (validate lists every problem). */
      allOf: RegExp[];
      /** One of these is said (which of several broken settings is met first is not promised). */
      anyOf: RegExp[];
      /** Where to fix it, as the hint says: the proxy's setting for the proxy's failure, else the base URL's. */
      hint: RegExp | undefined;
      jsonCode: string;
      proxy: AppliedProxy | undefined;
    };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function proxyVariablesFor(scheme: 'http' | 'https'): readonly ProxyVariable[] {
  return scheme === 'https'
    ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']
    : ['http_proxy', 'HTTP_PROXY'];
}

/** Whether a NO_PROXY list names `host:port` (curl's CURLOPT_NOPROXY, undici's EnvHttpProxyAgent). */
export function noProxyNames(list: string, host: string, port: number): boolean {
  if (list.trim() === '*') return true;
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((raw) => {
      const entry = raw.toLowerCase();
      const cidr = /^(\d+\.\d+\.\d+\.\d+)\/(\d+)$/.exec(entry);
      if (cidr) return /^\d+\.\d+\.\d+\.\d+$/.test(host) && inV4(host, cidr[1]!, Number(cidr[2]));
      if (entry.includes(':') && !/^[\d.a-z-]+:\d+$/.test(entry)) return entry === host; // IPv6
      const [name, only] = entry.split(':') as [string, string | undefined];
      if (only !== undefined && Number(only) !== port) return false;
      const domain = name.replace(/^\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
}

function inV4(host: string, network: string, bits: number): boolean {
  const value = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const mask = bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits);
  return (value(host) & mask) >>> 0 === (value(network) & mask) >>> 0;
}

export function servicePort(draw: Draw, ports: Ports): number {
  return ports.service[draw.service];
}

export function appliedProxy(draw: Draw, ports: Ports): AppliedProxy | undefined {
  if (draw.yamlProxy !== undefined) return describeProxy(draw.yamlProxy, 'the proxy option', ports);
  const name = proxyVariablesFor(draw.scheme).find((n) => {
    const value = draw.variables[n];
    return value !== undefined && value !== '';
  });
  if (name === undefined) return undefined;
  // With both set, no_proxy (draw.noProxy.value) is read first; NO_PROXY then holds the decoy.
  const list = draw.noProxy?.value ?? '';
  if (noProxyNames(list, draw.host, servicePort(draw, ports))) return undefined;
  return describeProxy(draw.variables[name] as ProxySetting, name, ports);
}

/** The port a proxy of the sweep listens on (the plain one written as https:// is the plain one's). */
export function proxyPort(kind: ProxySetting['kind'], ports: Ports): number {
  return ports.proxy[kind === 'plainAsHttps' ? 'plain' : kind];
}

function describeProxy(setting: ProxySetting, source: string, ports: Ports): AppliedProxy {
  const scheme =
    setting.form === 'bare'
      ? 'http'
      : setting.kind === 'tls' || setting.kind === 'plainAsHttps'
        ? 'https'
        : 'http';
  const port = proxyPort(setting.kind, ports);
  const server =
    setting.kind === 'plainAsHttps'
      ? 'plain'
      : setting.kind === 'notProxy' || setting.kind === 'closed'
        ? undefined
        : setting.kind;
  return { setting, source, shown: `${scheme}://127.0.0.1:${port}`, server };
}

const TRUSTING: ReadonlySet<Draw['ca']> = new Set(['yaml', 'extra', 'yamlOtherPlusExtra']);

/**
 * Whether the service's certificate is trusted: its authority given as `ca` or in
 * NODE_EXTRA_CA_CERTS, or carried in the .pfx presented. Node trusts the chain a .pfx holds for the
 * connection it is presented on (tls.createSecureContext adds a PKCS#12's extra certificates to the
 * context's store), as the official client, which hands the .pfx to node's https.Agent
 * (@kintone/rest-api-client lib/src/platform/node.js), does; client.pfx holds the test CA.
 */
function trusted(draw: Draw): boolean {
  return TRUSTING.has(draw.ca) || draw.certificate === 'pfx';
}

export function expected(draw: Draw, ports: Ports): Expected {
  const proxy = appliedProxy(draw, ports);
  const refused = (
    stage: 'validate' | 'options' | 'proxy' | 'service',
    said: { allOf?: RegExp[]; anyOf?: RegExp[]; hint?: RegExp },
  ): Expected => ({
    outcome: 'refused',
    stage,
    allOf: said.allOf ?? [],
    anyOf: said.anyOf ?? [],
    hint:
      said.hint ?? (stage === 'proxy' ? proxyHint(proxy) : stage === 'service' ? ADDRESS_HINT : undefined),
    jsonCode: {
      validate: 'MANIFEST.INVALID',
      options: 'CLIENT.options',
      proxy: 'CLIENT.network',
      service: 'CLIENT.network',
    }[stage],
    proxy,
  });

  const problems = validateProblems(draw);
  if (problems.length > 0) return refused('validate', { allOf: problems });
  if (draw.command === 'validate') return { outcome: 'works', proxy: undefined };

  const options = optionProblems(draw, proxy);
  if (options.length > 0) return refused('options', { anyOf: options, hint: OPTIONS_HINT });

  const port = servicePort(draw, ports);
  const address = `${draw.host}:${port}`;
  if (proxy !== undefined) {
    const named = `the proxy ${escape(proxy.shown)} \\(from ${escape(proxy.source)}\\)`;
    const { kind, credentials } = proxy.setting;
    const scheme = proxy.shown.split(':')[0];
    if (kind === 'closed') return refused('proxy', { anyOf: [new RegExp(`${named} is not reachable`)] });
    if (kind === 'notProxy' || (kind === 'tls' && scheme === 'http'))
      return refused('proxy', {
        anyOf: [new RegExp(`${named} closed the connection when asked for a tunnel`)],
      });
    if (kind === 'plainAsHttps' && scheme === 'https')
      return refused('proxy', { anyOf: [new RegExp(`${named} answered in plain HTTP, not HTTPS`)] });
    if (kind === 'tls' && !TRUSTING.has(draw.ca))
      return refused('proxy', {
        anyOf: [new RegExp(`the certificate of ${named} is not signed by an authority`)],
      });
    const tunnel = `${named} refused to open a tunnel to ${escape(address)}: it answered`;
    if ((kind === 'auth' || kind === 'tls') && credentials !== 'right')
      return refused('proxy', { anyOf: [new RegExp(`${tunnel} 407`)] });
    if (kind === 'refusing') return refused('proxy', { anyOf: [new RegExp(`${tunnel} 403`)] });
    // The proxy could not reach the service: its address may be what is wrong.
    if (draw.service === 'closed')
      return refused('proxy', { anyOf: [new RegExp(`${tunnel} 502`)], hint: ADDRESS_HINT });
  } else {
    if (draw.host === 'service.invalid')
      return refused('service', { anyOf: [/the host service\.invalid is not known to DNS/] });
    if (draw.service === 'closed')
      return refused('service', { anyOf: [new RegExp(`nothing accepts connections at ${escape(address)}`)] });
  }
  if (draw.scheme === 'https') {
    const untrusted = new RegExp(
      `the certificate of ${escape(address)} is not signed by an authority this machine trusts`,
    );
    const expiredSaid = new RegExp(`the certificate ${escape(address)} presents has expired`);
    const misnamed = new RegExp(
      `the certificate ${escape(address)} presents is not issued for ${escape(draw.host)}`,
    );
    const other = { expired: [expiredSaid], wrongHost: [misnamed] }[draw.service as string] ?? [];
    // Both true of an expired or misnamed certificate from an authority not trusted: either is the cause.
    if (!trusted(draw)) return refused('service', { anyOf: [untrusted, ...other] });
    if (other.length > 0) return refused('service', { anyOf: other });
    if (draw.service === 'secure' && draw.certificate === 'none')
      return refused('service', {
        anyOf: [
          new RegExp(
            `${escape(address)} asks for a client certificate \\(a Secure Access domain\\) and none is set`,
          ),
        ],
      });
    if (draw.service === 'secure' && draw.certificate === 'stranger')
      return refused('service', { anyOf: [new RegExp(`${escape(address)} refused the client certificate`)] });
  }
  return { outcome: 'works', proxy };
}

/**
 * Where the setting an options error names is: the line of the environment's client certificate or
 * ca (and where their variables came from), or the machine's proxy variable.
 */
const OPTIONS_HINT =
  /Environment "prod" has its (client certificate|ca) from appdeploy\.yaml:\d+:\d+|Correct (https?_proxy|HTTPS?_PROXY) where it is set/;
const ADDRESS_HINT = /Environment "prod" has this address from appdeploy\.yaml:\d+:\d+/;

/** The proxy's setting: its line in appdeploy.yaml, or the variable of the machine it came from. */
function proxyHint(proxy: AppliedProxy | undefined): RegExp | undefined {
  if (proxy === undefined) return undefined;
  return proxy.source === 'the proxy option'
    ? /Environment "prod" has this proxy from appdeploy\.yaml:\d+:\d+/
    : new RegExp(`${proxy.source} is set in the machine's environment`);
}

/** What validate says of the draw's appdeploy.yaml (each at its line). */
function validateProblems(draw: Draw): RegExp[] {
  const problems: RegExp[] = [];
  if (draw.path === '/k/')
    problems.push(/environments\.prod\.baseUrl: is the address of the service's pages/);
  if (draw.path === '/k/v1') problems.push(/environments\.prod\.baseUrl: ends in the API's own path/);
  // An environment that fails the schema is held back from the checks that read it (its base URL,
  // its files): its schema problem is certain, the others may come once it is fixed.
  if (draw.yamlProxy?.credentials === 'unencoded') return [/environments\.prod\.proxy.*percent-encoded/];
  const certificateKey = draw.certificate === 'missing' || draw.certificate === 'folder' ? 'pfx' : undefined;
  if (certificateKey !== undefined)
    problems.push(
      new RegExp(
        `environments\\.prod\\.clientCertificate\\.pfx: file "certs/${draw.certificate === 'missing' ? 'missing\\.pfx" does not exist' : 'folder\\.pfx" is not a file'}`,
      ),
    );
  if (draw.ca === 'yamlMissing')
    problems.push(/environments\.prod\.ca: file "certs\/missing-ca\.pem" does not exist/);
  if (draw.ca === 'yamlFolder')
    problems.push(/environments\.prod\.ca: file "certs\/folder\.pem" is not a file/);
  return problems;
}

/** The options errors the client must raise when it is made (any one of them is met first). */
function optionProblems(draw: Draw, proxy: AppliedProxy | undefined): RegExp[] {
  const problems: RegExp[] = [];
  if (proxy !== undefined && proxy.source !== 'the proxy option' && proxy.setting.credentials === 'unencoded')
    problems.push(
      new RegExp(`${proxy.source} holds a login or password with a character that must be percent-encoded`),
    );
  if (draw.ca === 'yamlGarbage') problems.push(/ca \S*certs\/garbage\.pem holds no certificate/);
  const certificate = {
    pfxWrong: /clientCertificate\.password does not open \S*certs\/client\.pfx/,
    pfxNoPassword: /\S*certs\/client\.pfx needs a password and clientCertificate\.password is not set/,
    pemWrong: /clientCertificate\.passphrase does not open the key \S*certs\/client-key-encrypted\.pem/,
    pemNoPassphrase:
      /the key \S*certs\/client-key-encrypted\.pem is encrypted and clientCertificate\.passphrase is not set/,
    garbagePfx: /clientCertificate\.pfx \S*certs\/garbage\.pfx/,
    pemAsPfx: /clientCertificate\.pfx \S*certs\/client\.pem is PEM text, not a PKCS#12/,
    keyAsCert: /clientCertificate\.cert \S*certs\/client-key\.pem holds no certificate/,
  }[draw.certificate as string];
  if (certificate !== undefined) problems.push(certificate);
  return problems;
}
