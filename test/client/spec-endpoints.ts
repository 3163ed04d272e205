/**
 * The spec's endpoint list: read from ../shared/spec/rest-interface.md by `specEndpoints`, and
 * vendored as spec-endpoints.json so the coverage tests run the same whether or not the spec is
 * checked out next to the project. Regenerate the fixture (from the project root) with
 * update-spec-endpoints.ts, whose header gives the command.
 */
import { readFileSync } from 'node:fs';

export interface SpecEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** The vendored list. */
export function vendoredEndpoints(): SpecEndpoint[] {
  return JSON.parse(readFileSync(new URL('spec-endpoints.json', import.meta.url), 'utf8')) as SpecEndpoint[];
}

/** `GET /k/v1/app.json`, as the README table and the endpoint cases name an endpoint. */
export function endpointName(endpoint: SpecEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** Every `METHOD /path` the spec's Endpoints section names, in its prose and its tables, in order. */
export function specEndpoints(spec: string): SpecEndpoint[] {
  const body = spec.slice(spec.indexOf('## Endpoints'), spec.indexOf('## Authentication'));
  const found = new Map<string, SpecEndpoint>();
  const add = (method: string, path: string) =>
    found.set(`${method} ${path}`, { method: method as SpecEndpoint['method'], path });
  for (const line of body.split('\n')) {
    const bold = /^\*\*(GET|POST|PUT|DELETE) (\/k\/[^*]+)\*\*/.exec(line);
    if (bold) add(bold[1]!, bold[2]!);
    const row = /^\| (GET|POST|PUT|DELETE) ([^|]+)\|/.exec(line);
    if (row) for (const path of row[2]!.matchAll(/`(\/k\/[^`]+)`/g)) add(row[1]!, path[1]!);
    const settings = /^\| [^|`]+ \| `(\/k\/[^`]+)`[^|]*\| (?:`(\/k\/[^`]+)`|none) \| `(\/k\/[^`]+)`/.exec(
      line,
    );
    if (settings) {
      add('GET', settings[1]!);
      if (settings[2]) add('GET', settings[2]);
      add('PUT', settings[3]!);
    }
    const combined = /draft path is `(\/k\/[^`]+)`/.exec(line);
    if (combined) add('GET', combined[1]!);
  }
  return [...found.values()];
}
