/**
 * What a service's base URL may hold beyond `http(s)://host[:port]`: the client refuses the rest
 * (client/client.ts) and validate names it at its line (project/base-url-checks.ts), from this one
 * rule, so that a project validate calls valid is never refused by plan for its address.
 *
 * Evidence: the official client makes every call's URL as `${baseUrl}${path}` with a path starting
 * `/k/v1/` or `/k/guest/N/v1/` (@kintone/rest-api-client lib/src/url.js buildPath,
 * KintoneRequestConfigBuilder.js), and in a browser takes `protocol//host` as its base
 * (lib/src/platform/browser.js buildBaseUrl): the interface sits at the domain's root, under /k/.
 * The hosted platform's own pages sit under /k/ too (the portal /k/#/portal, an app /k/12/, a guest
 * space /k/guest/5/), so an address copied from the browser would send every call to /k/k/v1/...,
 * answered 404 without saying why. A path before /k/ (a reverse proxy's prefix) is kept.
 */

/** The API's own path, which every call adds: /k/v1 or /k/guest/N/v1, at the end. */
const API_PATH = /\/k(?:\/guest\/\d+)?\/v1\/?$/;
/** A path that reaches into the service's own tree: a segment `k`, and whatever follows it. */
const SERVICE_TREE = /\/k(?:\/.*)?$/;

/**
 * Why `url` cannot be a base URL, worded to follow "baseUrl " (or a manifest path), with the URL to
 * give instead; undefined when it can. Credentials are never repeated.
 */
export function baseUrlFault(url: URL): string | undefined {
  if (url.username !== '' || url.password !== '')
    return 'must not hold credentials; pass them as basicAuth: { login, password }';
  const apiPath = API_PATH.exec(url.pathname);
  if (apiPath)
    return `ends in the API's own path (${apiPath[0].replace(/\/$/, '')}), which every call adds: give ${url.origin}${url.pathname.slice(0, apiPath.index)}`;
  const tree = SERVICE_TREE.exec(url.pathname);
  if (tree)
    return `is the address of the service's pages (${url.pathname}${url.hash}), not of its API, which every call adds below /k/: give ${url.origin}${url.pathname.slice(0, tree.index)}`;
  if (url.search !== '' || url.hash !== '')
    return `must not have a query or fragment: ${url.origin}${url.pathname.replace(/\/$/, '')}`;
  return undefined;
}

/**
 * A domain's Secure Access address, where a client certificate is asked for: the same host with
 * `.s` before the platform's domain (cybozu help 02047, "セキュアアクセスとは": with Secure Access
 * https://example.s.cybozu.com/, without it https://example.cybozu.com/; browsers are sent from
 * one to the other, an API client is not). Undefined for a host that is one already, or not on
 * cybozu.com or cybozu.cn (the help of both describes Secure Access; for kintone.com it is silent).
 */
export function secureAccessAddress(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const domain = ['cybozu.com', 'cybozu.cn'].find((d) => host.endsWith(`.${d}`));
  if (domain === undefined || host.endsWith(`.s.${domain}`)) return undefined;
  const address = new URL(url.href);
  address.hostname = `${host.slice(0, -domain.length - 1)}.s.${domain}`;
  return address.href.replace(/\/$/, '');
}
