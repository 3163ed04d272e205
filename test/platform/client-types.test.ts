import { describe, expectTypeOf, it } from 'vitest';
import type {
  FieldType as ClientFieldType,
  SystemFieldType as ClientSystemFieldType,
} from '../../src/client/types/fields.js';
import type { FieldType, SystemFieldType } from '../../src/platform/index.js';
import type { FieldManifest } from '../../src/project/manifest-fields.js';

/**
 * The client imports nothing from the rest of src/, so it keeps its own union of field types; the
 * type checker (npm test's typecheck) holds it to the platform's.
 */
describe('the client names the same field types as the platform', () => {
  it('FieldType and SystemFieldType are equal', () => {
    expectTypeOf<ClientFieldType>().toEqualTypeOf<FieldType>();
    expectTypeOf<ClientSystemFieldType>().toEqualTypeOf<SystemFieldType>();
  });
});

describe('the manifest names the same field types as the platform', () => {
  it("FieldManifest's type is FieldType", () => {
    expectTypeOf<FieldManifest['type']>().toEqualTypeOf<FieldType>();
  });
});
