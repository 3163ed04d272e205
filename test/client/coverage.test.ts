/**
 * The endpoint table of docs/client.md, the wire tests and the spec agree: every endpoint of the spec (as
 * vendored in spec-endpoints.json) is in the table, every row of the table has a wire test, and
 * each wire test calls the client method the table names. When the spec itself is checked out
 * next to the project, the vendored list must match it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { allCases as cases } from './cases/index.js';
import { harness, noting, type Harness } from './harness.js';
import { endpointName, specEndpoints, vendoredEndpoints } from './spec-endpoints.js';

const root = new URL('../../', import.meta.url);
const specPath = new URL('../shared/spec/rest-interface.md', root);

/** Rows of the docs table that the spec does not name, each explained under the table. */
const BEYOND_SPEC = [
  'GET /k/v1/form.json',
  'PUT /k/v1/preview/app/acl.json',
  'PUT /k/v1/preview/record/acl.json',
  'PUT /k/v1/preview/field/acl.json',
  'GET /k/v1/preview/app/adminNotes.json',
  'PUT /k/v1/preview/app/adminNotes.json',
  'GET /k/v1/preview/app/plugins.json',
];

function docsTable(): Map<string, string> {
  const section = readFileSync(new URL('docs/client.md', root), 'utf8');
  const rows = [...section.matchAll(/^\| `((?:GET|POST|PUT|DELETE) [^`]+)` \| `([^`]+)` \|$/gm)];
  return new Map(rows.map((row) => [row[1]!, row[2]!]));
}

const sorted = (names: Iterable<string>) => [...names].sort();

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('endpoint coverage', () => {
  const vendored = vendoredEndpoints().map(endpointName);

  it('the vendored spec list has the 93 endpoints of the spec, each once', () => {
    expect(vendored).toHaveLength(93);
    expect(new Set(vendored).size).toBe(93);
  });

  it('the docs/client.md table names every endpoint of the spec, and beyond it only the ones it explains', () => {
    const table = docsTable();
    expect(vendored.filter((endpoint) => !table.has(endpoint))).toEqual([]);
    expect(sorted([...table.keys()].filter((endpoint) => !vendored.includes(endpoint)))).toEqual(
      sorted(BEYOND_SPEC),
    );
  });

  it('the docs/client.md table and the wire tests name the same endpoints and methods', () => {
    expect(new Map(cases.map((c) => [c.endpoint, c.method]))).toEqual(docsTable());
  });

  it.each(cases.map((c) => [c.endpoint, c] as const))(
    'the wire test of %s calls the method it names',
    async (_endpoint, testCase) => {
      h = harness({ retry: { retries: 0 } });
      if (testCase.raw) h.replyRaw(200, testCase.raw.text, { 'content-type': testCase.raw.contentType });
      else h.reply(200, testCase.response ?? {});
      const { client, noted } = noting(h.client);
      await testCase.call(client);
      expect(noted).toEqual([testCase.method]);
    },
  );

  it.runIf(existsSync(specPath))('the vendored list matches the spec checked out next to the project', () => {
    const spec = specEndpoints(readFileSync(specPath, 'utf8')).map(endpointName);
    expect(sorted(vendored)).toEqual(sorted(spec));
  });
});
