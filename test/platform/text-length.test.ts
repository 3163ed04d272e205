/**
 * How a length limit counts (platform/text-length.ts: code points, as JSON Schema's maxLength
 * does), and that app.schema.json states the same figures as the catalogue every other side reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS, textLength } from '../../src/platform/index.js';

describe('textLength: code points', () => {
  it.each([
    ['empty', '', 0],
    ['ASCII', 'abc', 3],
    ['wide CJK', '漢字', 2],
    ['CJK outside the BMP (a surrogate pair)', '𠮷野', 2],
    ['an emoji (a surrogate pair)', '😀', 1],
    ['a combining sequence: e + U+0301', 'e\u0301', 2],
    ['an emoji with a skin tone: two code points', '👍🏽', 2],
    ['a lone high surrogate', '\ud83d', 1],
    ['a lone low surrogate then a letter', '\ude00a', 2],
    ['a tab and a line break', '\t\n', 2],
  ])('%s', (_what, text, count) => {
    expect(textLength(text)).toBe(count);
    // The rule is the spread's count, which a reader can check by hand.
    expect(textLength(text)).toBe([...text].length);
  });
});

describe('app.schema.json states the catalogue’s figures', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8'));
  const defs = schema.$defs;
  it.each([
    ['name', schema.properties.name.maxLength, TEXT_LIMITS.appName],
    ['description', schema.properties.description.maxLength, TEXT_LIMITS.appDescription],
    ['adminNotes.content', defs.adminNotes.properties.content.maxLength, TEXT_LIMITS.adminNotes],
    ['fields (a code)', schema.properties.fields.propertyNames.maxLength, TEXT_LIMITS.fieldCode],
    ['$defs.fieldCode', defs.fieldCode.maxLength, TEXT_LIMITS.fieldCode],
    ['$defs.label', defs.label.maxLength, TEXT_LIMITS.fieldLabel],
    ['views (a name)', schema.properties.views.propertyNames.maxLength, TEXT_LIMITS.viewName],
    ['reports (a name)', schema.properties.reports.propertyNames.maxLength, TEXT_LIMITS.reportName],
    ['actions (a name)', schema.properties.actions.propertyNames.maxLength, TEXT_LIMITS.actionName],
    [
      'process.states (a name)',
      defs.process.properties.states.propertyNames.maxLength,
      TEXT_LIMITS.statusName,
    ],
  ])('%s', (_where, stated, figure) => {
    expect(stated).toBe(figure);
  });
});
