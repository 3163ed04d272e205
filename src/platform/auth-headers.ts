/**
 * Which names a caller speaks where our spec and the hosted platform (kintone) differ: `kintone`
 * (the hosted platform's `X-Cybozu-Authorization` and `X-Cybozu-API-Token`, as its REST
 * documentation, "Authentication", gives them and its official client `@kintone/rest-api-client`
 * sends them) or `service` (our spec's `X-Service-*`). The client sends one set; the local
 * service accepts both and answers each caller in its own dialect.
 */
export type Dialect = 'kintone' | 'service';

/**
 * The authentication header names of each dialect, lower-cased as Node gives them. Here, once,
 * because the client (which sends them) and the local service (which reads them) must agree.
 */
export const AUTH_HEADER_NAMES: Readonly<
  Record<Dialect, { readonly password: string; readonly token: string }>
> = {
  kintone: { password: 'x-cybozu-authorization', token: 'x-cybozu-api-token' },
  service: { password: 'x-service-authorization', token: 'x-service-api-token' },
};
