import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPS_PER_DEPLOY,
  APPS_PER_LIST,
  CALLS_PER_BULK_REQUEST,
  PLUGINS_PER_LIST,
  RECORDS_PER_READ,
  RECORDS_PER_WRITE,
} from '../../src/platform/index.js';

/** The spec's Limits table (rest-interface.md, "Limits"): operation -> limit, as written. */
function specLimits(): Map<string, string> {
  const spec = readFileSync('/work/shared/spec/rest-interface.md', 'utf8');
  const section = spec.slice(spec.indexOf('## Limits'), spec.indexOf('## Versioning'));
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Operation'));
  return new Map(rows.map((line) => line.split('|').map((c) => c.trim())).map((c) => [c[1]!, c[2]!]));
}

describe("the platform's limits", () => {
  const limits = specLimits();
  it.each([
    ['Deploy App Settings', APPS_PER_DEPLOY],
    ['Get App Deploy Status', APPS_PER_DEPLOY],
    ['Add Records, Update Records, Delete Records (ids), Update Multiple Statuses', RECORDS_PER_WRITE],
    ['Bulk request', CALLS_PER_BULK_REQUEST],
    ['Get Records', RECORDS_PER_READ],
    ['Add Cursor `size`', RECORDS_PER_READ],
    ['Get Apps', APPS_PER_LIST],
    ['App plug-ins list', PLUGINS_PER_LIST],
    ['Installed plug-ins list', PLUGINS_PER_LIST],
  ] as const)('%s: as the spec says', (operation, limit) => {
    expect(limits.has(operation), operation).toBe(true);
    // "1 to 100" names its floor first: the limit is the largest figure of the row.
    const figures = [...(limits.get(operation) ?? '').matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect([operation, Math.max(...figures)]).toEqual([operation, limit]);
  });
});
