/**
 * The limits of a record comment, as the kintone REST API's Add Comment page gives them
 * (cybozu.dev, records/add-comment): at most 65,535 characters of text, at most 10 mentions.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

const mentions = (n: number) => Array.from({ length: n }, () => ({ code: 'admin', type: 'USER' }));

describe('comment limits', () => {
  const cases = [
    { name: '10 mentions', comment: { text: 'hi', mentions: mentions(10) }, status: 200, keys: [] },
    {
      name: '11 mentions',
      comment: { text: 'hi', mentions: mentions(11) },
      status: 400,
      keys: ['comment.mentions'],
    },
    { name: '65,535 characters', comment: { text: 'x'.repeat(65_535) }, status: 200, keys: [] },
    { name: '65,536 characters', comment: { text: 'x'.repeat(65_536) }, status: 400, keys: ['comment.text'] },
  ];
  for (const c of cases)
    it(`${c.name}: ${c.status}`, async () => {
      const app = await appWithFields(emu, { t: { type: 'SINGLE_LINE_TEXT' } });
      await addRecords(emu, app, [rec({ t: 'x' })]);
      const res = await emu.call('POST', '/k/v1/record/comment.json', { app, record: 1, comment: c.comment });
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([c.status, c.keys]);
      const list = await ok(emu.call('GET', '/k/v1/record/comments.json', { app, record: 1 }));
      expect(list.comments).toHaveLength(c.status === 200 ? 1 : 0);
    });
});
