/**
 * Which platform a client talks to, and so which header names and property names it uses where
 * our spec and the hosted platform (kintone) differ:
 * - authentication headers: `X-Cybozu-Authorization` / `X-Cybozu-API-Token` on the hosted
 *   platform (its REST documentation, "Authentication"; its official client
 *   `@kintone/rest-api-client` sends exactly these), `X-Service-*` in our spec;
 * - adding plug-ins to an app: `POST /k/v1/preview/app/plugins.json` on the hosted platform (the
 *   official client's `addPlugins` posts there; it documents no `POST app/plugins.json`), the
 *   spec's `POST /k/v1/app/plugins.json` otherwise;
 * - a field ACL rule names its field `code` on the hosted platform (official types,
 *   `FieldRightForParameter` and `FieldRightForResponse` in app/right.d.ts), `field` in the spec.
 */
import type { Dialect } from '../platform/index.js';

/** The dialect the client speaks (platform/auth-headers.ts), decided by the platform it talks to. */
export type Platform = Dialect;

export const PLATFORMS: readonly Platform[] = ['kintone', 'service'];

/**
 * The hosted platform's domains: `*.cybozu.com` (which holds `*.s.cybozu.com`, the secure-access
 * hosts), `*.kintone.com` (the US region) and `*.cybozu.cn` (China). A base URL elsewhere is taken
 * for a service that speaks our spec; an environment says `platform:` to decide otherwise.
 */
const HOSTED_DOMAINS = ['cybozu.com', 'kintone.com', 'cybozu.cn'];

/** The platform a base URL implies when nothing says otherwise. */
export function platformOfUrl(baseUrl: string | URL): Platform {
  let host: string;
  try {
    host = (typeof baseUrl === 'string' ? new URL(baseUrl) : baseUrl).hostname.toLowerCase();
  } catch {
    return 'service';
  }
  const hosted = HOSTED_DOMAINS.some((domain) => host.endsWith(`.${domain}`));
  return hosted ? 'kintone' : 'service';
}
