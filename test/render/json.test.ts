import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AREA_KEYS } from '../../src/areas/index.js';
import { renderJson } from '../../src/render/index.js';
import { everyAreaPlan, noChangesPlan } from './fixture.js';

const schema = JSON.parse(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8'));
// Strict, and with the meta-schema check the run-time loaders skip.
const validate = new Ajv2020({ strict: true, allErrors: true, validateSchema: true }).compile(schema);

function errorsOf(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The fixture rendered and parsed back, for mutating. */
const parsed = (): any => JSON.parse(renderJson(everyAreaPlan));

describe('renderJson', () => {
  it('is the plan, pretty-printed with two spaces and a final newline, formatVersion first', () => {
    const text = renderJson(everyAreaPlan);
    expect(JSON.parse(text)).toEqual(everyAreaPlan);
    expect(text.startsWith('{\n  "formatVersion": 2,\n  "environment": "staging",')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('validates against schema/plan.schema.json', () => {
    expect(errorsOf(parsed())).toEqual([]);
    expect(errorsOf(JSON.parse(renderJson(noChangesPlan)))).toEqual([]);
  });

  it("names exactly the area table's keys", () => {
    expect(schema.$defs.areaKey.enum).toEqual([...AREA_KEYS]);
  });

  it.each<[string, (plan: any) => void]>([
    ['without formatVersion', (plan) => delete plan.formatVersion],
    ['with another formatVersion', (plan) => (plan.formatVersion = 1)],
    ['without the service it was made against', (plan) => delete plan.service],
    [
      'with a service app missing its creation time',
      (plan) => (plan.service.apps = [{ key: 'a', id: '1', creator: 'x' }]),
    ],
    ['with an unknown risk kind', (plan) => (plan.apps[0].risks[0].kind = 'data-gone')],
    ['with a risk missing its count', (plan) => delete plan.apps[0].risks[3].records],
    ['with a risk carrying another kind’s property', (plan) => (plan.apps[1].risks[0].records = 3)],
    ['with an unknown change action', (plan) => (plan.apps[0].areas[1].changes[0].action = 'move')],
    ['with a rename missing its old code', (plan) => delete plan.apps[0].areas[1].changes[4].from],
    ['with an add carrying details', (plan) => (plan.apps[0].areas[1].changes[0].details = [])],
    ['with an unknown area', (plan) => (plan.apps[0].areas[0].key = 'forms')],
    ['with a property the format does not have', (plan) => (plan.apps[0].color = 'red')],
    ['with a negative count', (plan) => (plan.summary.add = -1)],
    ['with revisions missing the live one', (plan) => (plan.apps[0].revisions = { draft: '1' })],
    ['without plugins', (plan) => delete plan.plugins],
    ['with an unknown plug-in action', (plan) => (plan.plugins[0].action = 'remove')],
    ['with a plug-in id that is not one', (plan) => (plan.plugins[0].id = 'abc')],
    ['with a plug-in missing its installed version', (plan) => delete plan.plugins[1].installedVersion],
  ])('fails validation %s', (_, mutate) => {
    const plan = parsed();
    mutate(plan);
    expect(errorsOf(plan)).not.toEqual([]);
  });
});
