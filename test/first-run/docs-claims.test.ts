/**
 * What the docs say about the product, checked against it: the options docs/client.md shows are
 * ones createClient takes (basicAuth is `{ login, password }`, as src/client/auth.ts says), and
 * docs/manifests.md does not call ACLs or admin notes "applied live": apply writes them to the
 * draft and deploys them with the rest (src/areas/app-acl.ts, admin-notes.ts; the official
 * client writes them to preview/ only, since a live PUT would publish every pending draft).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as client from '../../src/client/index.js';
import { createClient } from '../../src/client/index.js';
import * as emulator from '../../src/local/emulator-entry.js';
import * as main from '../../src/index.js';
import * as query from '../../src/query/index.js';

const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

describe('the docs', () => {
  it('docs/client.md: the basicAuth it shows is accepted by createClient', async () => {
    const shown = /basicAuth: \{ (\w+), (\w+) \}/.exec(doc('client.md'));
    expect(shown, 'docs/client.md shows basicAuth').not.toBeNull();
    const basicAuth = Object.fromEntries([shown![1]!, shown![2]!].map((key) => [key, 'x']));
    const client = createClient({
      baseUrl: 'http://127.0.0.1:1',
      auth: { apiToken: 't' },
      basicAuth: basicAuth as never,
    });
    await client.close();
  });

  it('docs/manifests.md: ACLs and admin notes go through the draft, not live', () => {
    const rows = doc('manifests.md')
      .split('\n')
      .filter((line) => /^\| `(appAcl|adminNotes)`/.test(line));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).not.toMatch(/applied live/);
      expect(row).toMatch(/draft/);
    }
  });

  it('docs/errors.md, "In code": names every error class the package exports, with its entry', () => {
    const section = doc('errors.md')
      .split(/^## /m)
      .find((part) => part.startsWith('In code'));
    expect(section, 'docs/errors.md has a section "In code"').toBeDefined();
    const entries = {
      appdeploy: main,
      'appdeploy/client': client,
      'appdeploy/emulator': emulator,
      'appdeploy/query': query,
    };
    const missing: string[] = [];
    for (const [entry, exports] of Object.entries(entries))
      for (const [name, value] of Object.entries(exports))
        if (typeof value === 'function' && value.prototype instanceof Error) {
          const row = section!.split('\n').find((line) => line.includes(`\`${name}\``));
          if (!row?.includes(`\`${entry}\``)) missing.push(`${name} (${entry})`);
        }
    expect(missing).toEqual([]);
  });
});
