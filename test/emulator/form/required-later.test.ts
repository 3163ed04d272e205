/**
 * A field made `required` after records were written (platform-facts-verified, "Required, unique,
 * lengths"): the deploy succeeds, the records keep their empty value, and their next update is
 * refused until it gives the field a value. A newly `unique` field with duplicates still fails.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { appWithFields, addRecords, ok, rec } from '../records/records-helpers.js';

const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';

describe('required added later', () => {
  it('deploys; an empty record keeps its value and its next update of any field is refused until it fills the field', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      code: { type: 'SINGLE_LINE_TEXT' },
    });
    const [empty, filled] = await addRecords(emu, app, [rec({ title: 'a' }), rec({ title: 'b', code: 'X' })]);
    await ok(emu.call('PUT', FIELDS, { app, properties: { code: { required: true } } }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    const stored = await ok(emu.call('GET', '/k/v1/record.json', { app, id: empty }));
    expect(stored.record.code.value).toBe('');

    const refused = await emu.call('PUT', '/k/v1/record.json', {
      app,
      id: empty,
      record: rec({ title: 'a2' }),
    });
    expect([refused.status, refused.body.code, refused.body.errors]).toEqual([
      400,
      'CB_VA01',
      { 'record.code.value': { messages: ['Required.'] } },
    ]);
    const kept = await ok(emu.call('GET', '/k/v1/record.json', { app, id: empty }));
    expect([kept.record.title.value, kept.record.$revision.value]).toEqual(['a', '1']);

    expect(
      (await emu.call('PUT', '/k/v1/record.json', { app, id: filled, record: rec({ title: 'b2' }) })).status,
    ).toBe(200);
    const fixed = await emu.call('PUT', '/k/v1/record.json', {
      app,
      id: empty,
      record: rec({ title: 'a2', code: 'Y' }),
    });
    expect(fixed.body).toEqual({ revision: '2' });
  });

  it('a newly unique field that records break still fails the deploy', async () => {
    const app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });
    await addRecords(emu, app, [rec({ title: 'same' }), rec({ title: 'same' })]);
    await ok(emu.call('PUT', FIELDS, { app, properties: { title: { unique: true } } }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'FAIL' });
  });
});
