/**
 * appdeploy.yaml given the entries of newly exported apps, in place: a file whose flow maps hold
 * `${VAR}`s (which YAML alone cannot parse: the loader masks them, and so does export) keeps
 * every byte and gets its entries under its one `apps`.
 */
import { describe, expect, it } from 'vitest';
import { addAppEntries } from '../../src/export/project-file.js';

const ENVIRONMENTS = [
  'environments:',
  '  local: {}',
  '  staging:',
  '    baseUrl: https://staging.example.com',
  '    auth: { login: ${STAGING_LOGIN}, password: ${STAGING_PASSWORD} }',
  '',
].join('\n');

describe('addAppEntries', () => {
  it.each([
    ['with apps', `${ENVIRONMENTS}apps:\n  a: { manifest: apps/a.yaml }\n`],
    ['without apps', ENVIRONMENTS],
  ])('%s, variables in a flow map: one apps map, the rest as written', (_, text) => {
    const out = addAppEntries(text, 'staging', [{ key: 'b', manifest: 'apps/b.yaml', id: '2' }]);
    expect(out.startsWith(text.replace(/\n$/, ''))).toBe(true);
    expect(out.match(/^apps:/gm)).toHaveLength(1);
    expect(out).toMatch(/^ {2}b: \{ manifest: apps\/b\.yaml, ids: \{ staging: 2 \} \}$/m);
  });
});
