import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** schema/plan.schema.json compiled strict, with every error reported: what a plan's JSON must meet. */
export const validatePlan = new Ajv2020({ strict: true, allErrors: true }).compile(
  JSON.parse(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);
