import { expect } from 'vitest';
import { compileSchema } from '../../src/project/schema-compile.js';
import type { AppManifest } from '../../src/project/manifest.js';

const validate = compileSchema('app');

/** An exported part of a manifest, with the required name, must be a valid manifest. */
export function expectValidManifest(part: Partial<AppManifest>): void {
  const manifest = { name: 'Exported', ...part };
  const ok = validate(manifest);
  expect(ok ? [] : validate.errors).toEqual([]);
}
