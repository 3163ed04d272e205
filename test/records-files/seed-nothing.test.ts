/**
 * `appdeploy seed` with no record file to seed (issue 37): not "No changes." (which says the
 * records match) but what is missing and how to add it, exit 1, before it connects (the project's
 * environment is `local`: no local service is started, and no .appdeploy/ is written).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.js';
import { tempProject } from '../support/temp-project.js';
import { CUSTOMERS_MANIFEST, ORDERS_MANIFEST } from './project.js';

const NONE = ['environments:', '  local: {}', 'apps:', '  customers: { manifest: apps/customers.yaml }'];
const ONE = [
  ...NONE,
  '  orders:',
  '    manifest: apps/orders.yaml',
  '    records: { file: orders.yaml, key: order_no }',
];

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

async function project(config: string[]): Promise<string> {
  const root = await tempProject('appdeploy-seed-nothing-', {
    'appdeploy.yaml': `${config.join('\n')}\n`,
    'apps/customers.yaml': CUSTOMERS_MANIFEST,
    'apps/orders.yaml': ORDERS_MANIFEST,
    'orders.yaml': '- { order_no: 1 }\n',
  });
  roots.push(root);
  return root;
}

const CASES = [
  { case: 'a project whose apps have no record file', config: NONE, args: ['--yes'] },
  { case: 'an app named that has no record file', config: ONE, args: ['customers'] },
  { case: 'an app named that is not in the project', config: ONE, args: ['nope'] },
  { case: '--format json', config: NONE, args: ['--format', 'json'] },
];

describe('seed with nothing to seed', () => {
  it('says what is missing and how to add it, exit 1, before it connects', async () => {
    const said: string[] = [];
    for (const { case: name, config, args } of CASES) {
      const root = await project(config);
      const run = await runMain(['seed', '-C', root, ...args]);
      expect(existsSync(join(root, '.appdeploy')), name).toBe(false);
      said.push(`## ${name}: exit ${run.code}\n${(run.out + run.err).replaceAll(root, 'DIR')}`);
    }
    expect(said.join('\n')).toMatchInlineSnapshot(`
      "## a project whose apps have no record file: exit 1
      Error: nothing to seed: no app in appdeploy.yaml has a record file
        Add \`records: { file: records/customers.yaml, key: CODE }\` under apps.customers in appdeploy.yaml (CODE: a field with \`unique: true\`), or write the file from an environment whose app has records (choose it with --env): \`npx appdeploy export -C DIR --records --app customers\`.

      ## an app named that has no record file: exit 1
      Error: nothing to seed: app "customers" has no record file
        Add \`records: { file: records/customers.yaml, key: CODE }\` under apps.customers in appdeploy.yaml (CODE: a field with \`unique: true\`), or write the file from an environment whose app has records (choose it with --env): \`npx appdeploy export -C DIR --records --app customers\`.

      ## an app named that is not in the project: exit 1
      Error: no app "nope" in the project
        Name apps with a record file: orders.

      ## --format json: exit 1
      {
        "error": {
          "code": "SEED.NO_RECORDS",
          "message": "nothing to seed: no app in appdeploy.yaml has a record file",
          "hint": "Add \`records: { file: records/customers.yaml, key: CODE }\` under apps.customers in appdeploy.yaml (CODE: a field with \`unique: true\`), or write the file from an environment whose app has records (choose it with --env): \`npx appdeploy export -C DIR --records --app customers\`.",
          "exitCode": 1
        }
      }
      Error: nothing to seed: no app in appdeploy.yaml has a record file
        Add \`records: { file: records/customers.yaml, key: CODE }\` under apps.customers in appdeploy.yaml (CODE: a field with \`unique: true\`), or write the file from an environment whose app has records (choose it with --env): \`npx appdeploy export -C DIR --records --app customers\`.
      "
    `);
  });
});
