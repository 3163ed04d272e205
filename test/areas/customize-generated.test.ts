import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customizeArea, type CustomizeCanonical } from '../../src/areas/customize.js';
import { generatedContent } from '../../src/areas/customize-generated.js';
import type { ResolveContext } from '../../src/areas/types.js';
import { resolvePlaceholders } from '../../src/apply/placeholders.js';
import type { AppManifest } from '../../src/project/index.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const ctx = (env: string, ids: Record<string, string>): ResolveContext => ({
  appKey: 'customers',
  appId: (key) => ids[key] ?? `{${key}}`,
  fileHash: (path) => sha(path),
  environment: env,
  appKeys: ['customers', 'deals'],
});
const manifest = {
  name: 'Customers',
  customize: { desktop: { js: [{ type: 'FILE', path: 'app.js' }, { generated: 'environment' }] } },
} as AppManifest;

/** The live value of an app whose generated file was uploaded with this content. */
const live = (content: string): CustomizeCanonical => ({
  scope: 'ALL',
  desktop: {
    js: [
      { type: 'FILE', file: { name: 'appdeploy-environment.js', sha256: sha(content) } },
      { type: 'FILE', file: { name: 'app.js', sha256: sha('app.js') } },
    ],
    css: [],
  },
  mobile: { js: [], css: [] },
});

describe('customize: the generated environment file', () => {
  it('defines the environment and its app ids, ids as numbers', () => {
    expect(generatedContent({ env: 'staging', apps: { customers: '12', deals: '13' } }))
      .toMatchInlineSnapshot(`
      "// appdeploy: generated for environment "staging" by the customize entry \`generated: environment\`; apply rewrites it, do not edit.
      window.appdeploy = {"env":"staging","apps":{"customers":12,"deals":13}};
      "
    `);
  });

  it('goes first in its list, and is compared by content: same ids, no change; another id, a change', () => {
    const desired = customizeArea.fromManifest(manifest, ctx('staging', { customers: '12', deals: '13' }))!;
    expect(desired.desktop.js.map((r) => (r.type === 'FILE' ? r.file.name : r.url))).toEqual([
      'appdeploy-environment.js',
      'app.js',
    ]);
    const same = generatedContent({ env: 'staging', apps: { customers: '12', deals: '13' } });
    expect(customizeArea.diff(desired, live(same))).toEqual([]);
    const other = generatedContent({ env: 'staging', apps: { customers: '12', deals: '14' } });
    expect(customizeArea.diff(desired, live(other)).map((c) => [c.action, c.path])).toEqual([
      ['change', ['desktop', 'js', 0]],
    ]);
    const production = customizeArea.fromManifest(
      manifest,
      ctx('production', { customers: '12', deals: '13' }),
    )!;
    expect(customizeArea.diff(production, live(same))).toHaveLength(1);
  });

  it('names an app apply creates by its placeholder, and compares with its id once resolved', () => {
    const desired = customizeArea.fromManifest(manifest, ctx('staging', { customers: '12' }))!;
    expect(desired.generated).toEqual({ env: 'staging', apps: { customers: '12', deals: '{deals}' } });
    const created = generatedContent({ env: 'staging', apps: { customers: '12', deals: '31' } });
    const resolved = resolvePlaceholders(desired, (t) => (t === '{deals}' ? '31' : t)) as CustomizeCanonical;
    expect(customizeArea.diff(resolved, live(created))).toEqual([]);
  });

  it('is exported as its entry, not as a file', () => {
    const content = generatedContent({ env: 'staging', apps: { customers: '12', deals: '13' } });
    const part = customizeArea.toManifest(live(content), {
      appKey: () => null,
      filePath: (_sha, name) => `files/${name}`,
    });
    expect(part).toEqual({
      customize: { desktop: { js: [{ generated: 'environment' }, { type: 'FILE', path: 'files/app.js' }] } },
    });
  });
});
