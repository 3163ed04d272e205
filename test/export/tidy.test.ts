/**
 * Export writes numbers as numbers (`maxLength: 12`) only where a manifest takes a number: a text
 * that looks like one (an option named "1231" in the platform's screens, its label, a radio
 * button's default) stays text, or validate refuses the exported manifest ("must be text, not a
 * whole number"). Found by the export fidelity sweep (test/reliability/export-fidelity.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { fieldsArea } from '../../src/areas/fields/index.js';
import { areaParts, buildManifest } from '../../src/export/build-manifest.js';
import { tidyManifest } from '../../src/export/tidy.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { schemaValidator } from '../../src/project/schema-validators.js';
import { resolveContext } from '../areas/harness.js';

const exportCtx = { appKey: () => null, filePath: () => null };

describe('tidy: numbers where the schema takes them', () => {
  it('keeps an option named like a number, its label and a default naming it as text', () => {
    const manifest = {
      name: 'x',
      fields: {
        choice: {
          type: 'RADIO_BUTTON',
          label: '2024',
          options: { '1231': { label: '1231', index: '0' }, b: { label: 'b', index: '1' } },
          defaultValue: '1231',
        },
        size: { type: 'SINGLE_LINE_TEXT', label: 'Size', maxLength: '12' },
      },
    } as unknown as AppManifest;
    const ctx = resolveContext();
    const canonical = fieldsArea.fromManifest(manifest, ctx)!;
    const parts = areaParts([fieldsArea], new Map([['fields', canonical]]), exportCtx);
    const tidied = tidyManifest(buildManifest(parts, { name: 'x' }), parts, ctx);
    const validate = schemaValidator('app');
    validate(tidied);
    expect(validate.errors ?? []).toEqual([]);
    const fields = tidied.fields as Record<string, Record<string, unknown>>;
    expect(fields.choice).toMatchObject({
      label: '2024',
      options: { '1231': { label: '1231' } },
      defaultValue: '1231',
    });
    // Where the schema takes a number, it is written as one.
    expect(fields.size!.maxLength).toBe(12);
  });
});
