/**
 * A calculated field's `format` says what its value is (a date-formatted CALC holds a date, not a
 * number: platform-facts-verified "Calculated values"); the fields table states it beside the
 * formula, in words, for each format the schema allows.
 */
import { describe, expect, it } from 'vitest';
import { generateDocs } from '../../src/docgen/index.js';
import type { AppManifest } from '../../src/project/index.js';
import { docApp, docProject } from './project-fixture.js';

const FORMATS: [string, string][] = [
  ['NUMBER', 'a number'],
  ['NUMBER_DIGIT', 'a number with thousands separators'],
  ['DATETIME', 'a date and time'],
  ['DATE', 'a date'],
  ['TIME', 'a time'],
  ['HOUR_MINUTE', 'hours and minutes'],
  ['DAY_HOUR_MINUTE', 'days, hours and minutes'],
];

describe('a calculated field in the fields table', () => {
  it.each(FORMATS)('format %s: shown as %s', (format, words) => {
    const manifest = {
      fields: { total: { type: 'CALC', label: 'Total', expression: 'a + b', format } },
    } as Partial<AppManifest>;
    const page = generateDocs(docProject(docApp('app', manifest)))[1]!.content;
    expect(page).toContain(`| = \`a + b\`, shown as ${words} |`);
  });

  it('without a format: the formula alone', () => {
    const manifest = { fields: { total: { type: 'CALC', label: 'Total', expression: 'a + b' } } };
    const page = generateDocs(docProject(docApp('app', manifest as Partial<AppManifest>)))[1]!.content;
    expect(page).toContain('| = `a + b` |');
  });
});
