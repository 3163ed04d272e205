/**
 * The README's endpoint table, the wire tests and the spec agree: every endpoint of the spec is
 * in the table, and every row of the table has a wire test through the method it names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCases as cases } from './cases/index.js';

const root = new URL('../../', import.meta.url);
const specPath = new URL('../shared/spec/rest-interface.md', root);

function readmeTable(): Map<string, string> {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Client\n')) ?? '';
  const rows = [...section.matchAll(/^\| `((?:GET|POST|PUT|DELETE) [^`]+)` \| `([^`]+)` \|$/gm)];
  return new Map(rows.map((row) => [row[1]!, row[2]!]));
}

/** Every `METHOD /path` the spec's Endpoints section names, in its prose and its tables. */
function specEndpoints(spec: string): Set<string> {
  const body = spec.slice(spec.indexOf('## Endpoints'), spec.indexOf('## Authentication'));
  const found = new Set<string>();
  for (const line of body.split('\n')) {
    const bold = /^\*\*(GET|POST|PUT|DELETE) (\/k\/[^*]+)\*\*/.exec(line);
    if (bold) found.add(`${bold[1]} ${bold[2]}`);
    const row = /^\| (GET|POST|PUT|DELETE) ([^|]+)\|/.exec(line);
    if (row) for (const path of row[2]!.matchAll(/`(\/k\/[^`]+)`/g)) found.add(`${row[1]} ${path[1]}`);
    const settings = /^\| [^|`]+ \| `(\/k\/[^`]+)`[^|]*\| (?:`(\/k\/[^`]+)`|none) \| `(\/k\/[^`]+)`/.exec(
      line,
    );
    if (settings) {
      found.add(`GET ${settings[1]}`);
      if (settings[2]) found.add(`GET ${settings[2]}`);
      found.add(`PUT ${settings[3]}`);
    }
    const combined = /draft path is `(\/k\/[^`]+)`/.exec(line);
    if (combined) found.add(`GET ${combined[1]}`);
  }
  return found;
}

describe('endpoint coverage', () => {
  it('the README table and the wire tests name the same endpoints and methods', () => {
    const table = readmeTable();
    expect(table.size).toBeGreaterThan(80);
    expect(new Map(cases.map((c) => [c.endpoint, c.method]))).toEqual(table);
  });

  it.skipIf(!existsSync(specPath))('every endpoint of the spec is in the README table', () => {
    const spec = specEndpoints(readFileSync(specPath, 'utf8'));
    expect(spec.size).toBe(93);
    const table = readmeTable();
    expect([...spec].filter((endpoint) => !table.has(endpoint))).toEqual([]);
  });
});
