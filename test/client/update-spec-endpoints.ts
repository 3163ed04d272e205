/**
 * Writes test/client/spec-endpoints.json from ../shared/spec/rest-interface.md. Run by hand from
 * the project root when the spec changes, then commit the fixture:
 *
 *   npx tsc --outDir /tmp/spec-endpoints --module nodenext --target es2022 --types node \
 *     --skipLibCheck test/client/update-spec-endpoints.ts && node /tmp/spec-endpoints/update-spec-endpoints.js
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { specEndpoints } from './spec-endpoints.js';

const spec = readFileSync(resolve('../shared/spec/rest-interface.md'), 'utf8');
// One endpoint a line, spaced as the formatter writes it.
const rows = specEndpoints(spec).map(
  ({ method, path }) => `  { "method": ${JSON.stringify(method)}, "path": ${JSON.stringify(path)} }`,
);
writeFileSync(resolve('test/client/spec-endpoints.json'), `[\n${rows.join(',\n')}\n]\n`);
console.log(`wrote ${rows.length} endpoints to test/client/spec-endpoints.json`);
