/**
 * Query strings as the service's conventions write them: scalars as `name=value`, arrays as
 * `name[]=a&name[]=b`, or indexed `name[0]=a&name[1]=b` where an endpoint asks for that
 * (record permission evaluation). Undefined values and empty arrays are left out.
 */

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | undefined;
/**
 * Any object whose values are QueryValues. Typed as `object` so the params interfaces of the
 * sub-clients (which have no index signature) fit; the sub-clients' own types keep values scalar.
 */
export type QueryParams = object;
export type ArrayStyle = 'brackets' | 'indexed';

export function encodeQuery(params: QueryParams, arrayStyle: ArrayStyle = 'brackets'): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params) as [string, QueryValue][]) {
    if (value === undefined) continue;
    if (isArray(value)) {
      value.forEach((item, index) => {
        const key = arrayStyle === 'indexed' ? `${name}[${index}]` : `${name}[]`;
        parts.push(`${encodeName(key)}=${encodeURIComponent(String(item))}`);
      });
    } else {
      parts.push(`${encodeName(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** The same parameters as a JSON body (for a GET sent as POST with a method override). */
export function queryAsJson(params: QueryParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (value !== undefined) body[name] = value;
  }
  return body;
}

function isArray(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}

/** Encodes a parameter name but keeps the brackets readable, as the spec writes them. */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');
}
