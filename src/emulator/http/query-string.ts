/**
 * Parses a query string the way any client may send it: `ids[]=1&ids[]=2`, indexed `ids[0]=1`,
 * or repeated `ids=1&ids=2`, all into `{ ids: ['1', '2'] }`; single values stay strings.
 */
export function parseQueryString(search: string): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const result: Record<string, unknown> = {};
  const indexed = new Map<string, [number, string][]>();
  for (const [rawKey, value] of params) {
    const bracket = /^(.*)\[(\d*)\]$/.exec(rawKey);
    if (bracket) {
      const name = bracket[1]!;
      const index = bracket[2]!;
      if (index === '') pushTo(result, name, value);
      else {
        const list = indexed.get(name) ?? [];
        list.push([Number(index), value]);
        indexed.set(name, list);
      }
    } else if (rawKey in result) {
      pushTo(result, rawKey, value);
    } else {
      result[rawKey] = value;
    }
  }
  for (const [name, list] of indexed) {
    list.sort((a, b) => a[0] - b[0]);
    for (const [, value] of list) pushTo(result, name, value);
  }
  return result;
}

function pushTo(result: Record<string, unknown>, name: string, value: string): void {
  const existing = result[name];
  if (Array.isArray(existing)) existing.push(value);
  else if (existing === undefined) result[name] = [value];
  else result[name] = [existing, value];
}
