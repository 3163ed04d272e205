/**
 * How the client reaches the service: through an HTTP proxy (the `proxy` option, else the
 * environment's HTTPS_PROXY / HTTP_PROXY, minus the hosts of NO_PROXY), with a client certificate
 * (the hosted platform's "Secure Access") and with certificate authorities trusted on top of the
 * default ones. What it decides is data (`Reach`); dispatcher.ts builds the connection from it.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import tls from 'node:tls';
import { misplacedFile, openingFailure } from './certificate-files.js';
import { ClientOptionsError } from './errors.js';

/** A file's path (relative to the working directory), or its contents. */
export type FileOrBytes = string | Uint8Array;

/**
 * A client certificate: a PKCS#12 file (`.pfx`, what the hosted platform hands out, with the
 * password it was issued with), or a PEM certificate and its key (with the key's passphrase, when
 * it is encrypted). The official client takes the same pair (`clientCertAuth: { pfx | pfxFilePath,
 * password }`, @kintone/rest-api-client lib/src/platform/node.js).
 */
export type ClientCertificate =
  | { pfx: FileOrBytes; password?: string | undefined }
  | { cert: FileOrBytes; key: FileOrBytes; passphrase?: string | undefined };

/** The variables a proxy is read from; the client passes `process.env`. */
export type ProxyVariables = Readonly<Record<string, string | undefined>>;

export interface ProxyInUse {
  /** The proxy's URL as given, credentials included: only the agent sees it. */
  url: URL;
  /** The proxy as messages name it: scheme, host and port, never credentials. */
  shown: string;
  /** Where it was set: `the proxy option`, or the variable's name. */
  source: string;
  /** Its credentials, for the redactor. */
  secrets: string[];
}

/** What the client connects with, decided once per client (it talks to one origin). */
export interface Reach {
  proxy: ProxyInUse | undefined;
  /** Client certificate and extra CAs, when either is set. */
  secureContext: tls.SecureContext | undefined;
  /**
   * What a proxy reached over https:// is verified with when `ca` is given: the default CAs and
   * `ca`, as for the service (undefined: node's defaults alone). A context built once: given as a
   * `ca` list, node would parse every default CA again for each connection to the proxy, and
   * NODE_DEBUG=net would print them all each time (past a megabyte for one command).
   */
  proxyTls: tls.SecureContext | undefined;
  clientCertificate: boolean;
  /** Whether extra CAs (`ca`) are trusted. */
  ca: boolean;
  /** How the calls travel, in words for a debug log: through which proxy, or why directly. */
  route: string;
  /** Secrets the options hold (passwords), for the redactor. */
  secrets: string[];
}

export interface ReachOptions {
  proxy?: string | false | undefined;
  clientCertificate?: ClientCertificate | undefined;
  ca?: FileOrBytes | readonly FileOrBytes[] | undefined;
}

export function decideReach(baseUrl: URL, options: ReachOptions, variables: ProxyVariables): Reach {
  const proxy = proxyFor(baseUrl, options.proxy, variables);
  const extraCa = options.ca === undefined ? undefined : caList(options.ca);
  const certificate = options.clientCertificate;
  const secrets = [...(proxy?.secrets ?? []), ...certificateSecrets(certificate)];
  // `ca` adds to the default authorities, for the proxy as for the service: node's `ca` option
  // replaces them, so a proxy with a public certificate, or one NODE_EXTRA_CA_CERTS trusts, was
  // refused as untrusted once a `ca` for the service was given.
  const trustedCa = extraCa === undefined ? undefined : [...defaultCas(variables), ...extraCa];
  const secureContext =
    certificate === undefined && trustedCa === undefined
      ? undefined
      : secureContextFor(certificate, trustedCa);
  return {
    proxy,
    secureContext,
    proxyTls:
      trustedCa === undefined || proxy?.url.protocol !== 'https:'
        ? undefined
        : tls.createSecureContext({ ca: trustedCa }),
    clientCertificate: certificate !== undefined,
    ca: extraCa !== undefined,
    route: proxy
      ? `through the proxy ${proxy.shown} (from ${proxy.source})`
      : `directly (${noProxyBecause(baseUrl, options.proxy, variables)})`,
    secrets,
  };
}

/**
 * The proxy for `baseUrl`: the option when given (`false`: none); else, as undici's
 * EnvHttpProxyAgent and curl read them, `https_proxy` / `HTTPS_PROXY` for an https:// service and
 * `http_proxy` / `HTTP_PROXY` for an http:// one (an https:// service falls back to the latter),
 * unless `no_proxy` / `NO_PROXY` names the host: `*` for all, `host` or `.host` for it and its
 * subdomains, `host:port` for that port only (undici lib/dispatcher/env-http-proxy-agent.js), an
 * IP address or a CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`) for the addresses in it, as curl.
 */
export function proxyFor(
  baseUrl: URL,
  option: string | false | undefined,
  variables: ProxyVariables,
): ProxyInUse | undefined {
  if (option === false) return undefined;
  if (option !== undefined) return parseProxy(option, 'the proxy option');
  const name = proxyVariable(baseUrl, variables);
  if (name === undefined || bypassed(baseUrl, variables.no_proxy || variables.NO_PROXY || ''))
    return undefined;
  return parseProxy(withScheme(variables[name]!), name);
}

/** The proxy variable that applies to `baseUrl`'s scheme and is set (an empty one counts as unset). */
function proxyVariable(baseUrl: URL, variables: ProxyVariables): string | undefined {
  const names =
    baseUrl.protocol === 'https:'
      ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']
      : ['http_proxy', 'HTTP_PROXY'];
  return names.find((n) => (variables[n] ?? '') !== '');
}

/** Why proxyFor chose no proxy, in words for a debug log (`--verbose`). */
function noProxyBecause(baseUrl: URL, option: string | false | undefined, variables: ProxyVariables): string {
  if (option === false) return 'the proxy option is false';
  const name = proxyVariable(baseUrl, variables);
  if (name === undefined) return 'no proxy option or variable is set';
  return `${name} is set, but ${variables.no_proxy ? 'no_proxy' : 'NO_PROXY'} names this host`;
}

/**
 * A proxy variable without a scheme (`HTTPS_PROXY=proxy.example.com:8080`, as IT departments often
 * set them) names an HTTP proxy, as curl reads it ("the default proxy type is HTTP", and the
 * variables take "the same" as -x: everything.curl.dev, usingcurl/proxies/type and /env;
 * libcurl's CURLOPT_PROXY: "http:// HTTP Proxy. Default when no scheme ... is specified").
 * `new URL('proxy.example.com:8080')` would read `proxy.example.com:` as the scheme. The `proxy`
 * setting is written by the project, which its schema holds to http(s)://.
 */
function withScheme(text: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) ? text : `http://${text.trim()}`;
}

function bypassed(baseUrl: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const host = baseUrl.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = Number(baseUrl.port) || (baseUrl.protocol === 'https:' ? 443 : 80);
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const { name, port: only } = noProxyEntry(entry.toLowerCase());
      if (only !== undefined && only !== port) return false;
      const subnet = /^(.+)\/(\d{1,3})$/.exec(name);
      if (subnet) return inSubnet(host, subnet[1]!, Number(subnet[2]));
      if (isIP(name) !== 0) return inSubnet(host, name, isIP(name) === 4 ? 32 : 128);
      const domain = name.replace(/^\*?\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
}

/**
 * A NO_PROXY entry's host and port. An IPv6 address is written without brackets (`::1`, and
 * `fd00::/8`), its colons its own, as curl takes it ("Enter IPv6 numerical addresses in the list
 * of hostnames without enclosing brackets": curl.se, CURLOPT_NOPROXY); `[::1]:8443` names a port.
 */
function noProxyEntry(entry: string): { name: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}) };
  if (isIP(entry.replace(/\/\d{1,3}$/, '')) === 6) return { name: entry };
  const withPort = /^(.+):(\d+)$/.exec(entry);
  return withPort ? { name: withPort[1]!, port: Number(withPort[2]) } : { name: entry };
}

/**
 * Whether the service's host, when it is an IP address, is in `network/bits`: NO_PROXY takes CIDR
 * notation for IP addresses ("192.168.0.0/16" matches every address starting with 192.168: curl.se,
 * CURLOPT_NOPROXY, since curl 7.86), and an address written otherwise (`0:0::1` for `::1`) is the
 * same address. A host name is never resolved to be compared, as curl does not.
 */
function inSubnet(host: string, network: string, bits: number): boolean {
  const family = isIP(network);
  if (family === 0 || family !== isIP(host) || bits > (family === 4 ? 32 : 128)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(network, bits, type);
  return list.check(host, type);
}

function parseProxy(text: string, source: string): ProxyInUse {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  // An @ past the host (`http://me:pa/ss@proxy:8080` reads as host `me`, port `pa`... or fails) is
  // a password holding a character a URL gives a meaning to: said so, and the host, which holds
  // part of the password, never shown.
  // The address may be followed by a path, which is ignored (withoutPath).
  const hostAfterAt =
    text.includes('@') && /^[^\s/?#@]+(?:[/?#].*)?$/.test(text.slice(text.lastIndexOf('@') + 1));
  if (hostAfterAt && (url === undefined || `${url.pathname}${url.search}${url.hash}`.includes('@')))
    throw new ClientOptionsError(unencodedCredentials(source));
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ClientOptionsError(
      // A text with an @ may hold credentials: not repeated.
      `${source} must be an http:// or https:// URL, such as http://proxy.example.com:8080` +
        (text.includes('@') ? '' : `; got ${JSON.stringify(text)}`),
    );
  const shown = `${url.protocol}//${url.host}`;
  let login: string;
  let password: string;
  try {
    login = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    // A % that starts no %XX (`50%off`): undici decodes the credentials too, and would throw.
    throw new ClientOptionsError(unencodedCredentials(source));
  }
  const secrets = password === '' ? [] : [password, Buffer.from(`${login}:${password}`).toString('base64')];
  if (url.password !== '') secrets.push(url.password);
  return { url: withoutPath(url), shown, source, secrets };
}

function unencodedCredentials(source: string): string {
  return (
    `${source} holds a login or password with a character that must be percent-encoded in a URL ` +
    '(/ ? # % @ : as %2F %3F %23 %25 %40 %3A): write http://LOGIN:PASSWORD@host:port with each encoded, as encodeURIComponent does'
  );
}

/**
 * The proxy's address without a path, query or fragment, which a proxy reached by CONNECT has no
 * use for: curl's proxy string is `[scheme://]host[:port]` (curl.se, CURLOPT_PROXY: "the hostname
 * or dotted numerical IP address ... append :[port]"; it says nothing of a path), and undici
 * refuses a proxy URL with one (`invalid url` from its Pool): `HTTPS_PROXY=http://proxy:3128/x`
 * was a bug's stack.
 */
function withoutPath(url: URL): URL {
  const bare = new URL(url.href);
  bare.pathname = '/';
  bare.search = '';
  bare.hash = '';
  return bare;
}

function certificateSecrets(certificate: ClientCertificate | undefined): string[] {
  if (certificate === undefined) return [];
  const secret = 'pfx' in certificate ? certificate.password : certificate.passphrase;
  return secret ? [secret] : [];
}

function caList(ca: FileOrBytes | readonly FileOrBytes[]): Buffer[] {
  const list: readonly FileOrBytes[] = Array.isArray(ca) ? ca : [ca as FileOrBytes];
  return list.map((entry, index) => {
    const option = list.length === 1 ? 'ca' : `ca[${index}]`;
    return holdingCertificate(
      readInput(entry, option),
      typeof entry === 'string' ? `${option} ${entry}` : option,
    );
  });
}

/**
 * A CA as node takes it: PEM. Node skips whatever in `ca` is not a PEM certificate without a word
 * (an empty file, a key, a .pfx, the DER form Windows exports as .cer), so such a `ca` would add
 * nothing and the service's certificate would then be said untrusted, with the advice to give the
 * `ca` already given.
 */
function holdingCertificate(bytes: Buffer, named: string): Buffer {
  if (bytes.includes('-----BEGIN CERTIFICATE-----')) return bytes;
  throw new ClientOptionsError(
    isDerCertificate(bytes)
      ? `${named} is a certificate in DER form; ca takes PEM: convert it with \`openssl x509 -inform der -in FILE -out FILE.pem\` and give the .pem`
      : `${named} holds no certificate (no -----BEGIN CERTIFICATE----- line): give the certificate of the authority (PEM) that signs the service's certificate, or the TLS-inspecting proxy's`,
  );
}

/** A path read, or bytes taken as they are. */
function readInput(value: FileOrBytes, option: string): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (typeof value !== 'string' || value === '')
    throw new ClientOptionsError(`${option} must be a file's path or its contents as bytes`);
  try {
    return readFileSync(value);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? 'unreadable');
    throw new ClientOptionsError(`${option}: cannot read ${value} (${why})`);
  }
}

function isDerCertificate(bytes: Buffer): boolean {
  try {
    return new X509Certificate(bytes).raw.length > 0;
  } catch {
    return false;
  }
}

/**
 * The TLS settings of every connection to the service. Building them here, once, reads the files
 * and opens the certificate, so a wrong password is an options error before any request. Extra
 * CAs are added to the default ones: the bundled and NODE_EXTRA_CA_CERTS's, or, where node can
 * list them (22.15 and later), whatever store node was told to use. Verification is never off.
 */
function secureContextFor(
  certificate: ClientCertificate | undefined,
  trustedCa: (string | Buffer)[] | undefined,
): tls.SecureContext {
  const options: tls.SecureContextOptions = {};
  if (trustedCa !== undefined) options.ca = trustedCa;
  let file = 'the client certificate';
  if (certificate !== undefined) {
    if (
      typeof certificate !== 'object' ||
      certificate === null ||
      !('pfx' in certificate || 'cert' in certificate)
    )
      throw new ClientOptionsError(
        'clientCertificate must be { pfx, password } or { cert, key, passphrase }',
      );
    if ('pfx' in certificate) {
      options.pfx = certificateFile(certificate.pfx, 'pfx');
      if (certificate.password !== undefined) options.passphrase = certificate.password;
      file = typeof certificate.pfx === 'string' ? certificate.pfx : 'clientCertificate.pfx';
    } else {
      options.cert = certificateFile(certificate.cert, 'cert');
      options.key = certificateFile(certificate.key, 'key');
      if (certificate.passphrase !== undefined) options.passphrase = certificate.passphrase;
      file = typeof certificate.key === 'string' ? certificate.key : 'clientCertificate.key';
    }
  }
  try {
    return tls.createSecureContext(options);
  } catch (error) {
    throw new ClientOptionsError(openingFailure(error, certificate, file));
  }
}

/** A client certificate's file read, refused when it is not what its option takes. */
function certificateFile(value: FileOrBytes, option: 'pfx' | 'cert' | 'key'): Buffer {
  const bytes = readInput(value, `clientCertificate.${option}`);
  const wrong = misplacedFile(bytes, option, typeof value === 'string' ? value : '(bytes)');
  if (wrong !== null) throw new ClientOptionsError(wrong);
  return bytes;
}

/** The CAs node trusts by default, which an explicit `ca` would otherwise replace. */
function defaultCas(variables: ProxyVariables): (string | Buffer)[] {
  const list = (tls as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
  if (typeof list === 'function') return list('default');
  const extraFile = variables.NODE_EXTRA_CA_CERTS;
  let extra: Buffer[] = [];
  try {
    // Node reads it at start and warns when it cannot; a missing file adds nothing here either.
    if (extraFile) extra = [readFileSync(extraFile)];
  } catch {
    extra = [];
  }
  return [...tls.rootCertificates, ...extra];
}
