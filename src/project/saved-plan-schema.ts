/**
 * Whether a saved plan (`plan --out FILE`, read back by `apply FILE`) is what the plan schema
 * (schema/plan.schema.json) describes: the file is the user's, and may have been edited, cut
 * short or written by another version, so it is read through the schema rather than trusted.
 */
import { loadSchemaValidator } from './schema-validators.js';

/** Null when `data` meets the plan schema; otherwise the first mismatch, where it is and what. */
export async function savedPlanMismatch(data: unknown): Promise<string | null> {
  const validate = await loadSchemaValidator('plan');
  if (validate(data)) return null;
  const first = validate.errors?.[0];
  if (!first) return 'it does not meet the plan schema';
  return `${first.instancePath === '' ? 'the top level' : first.instancePath} ${first.message ?? 'is not valid'}`;
}
