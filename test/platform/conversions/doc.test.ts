/**
 * docs/migrations.md "Conversions" and the table in src/platform/conversions.ts are the same rows:
 * each row of the page (from, to, rule) is a conversion of the table, and each conversion is a
 * row of the page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockedPairs, CONVERSIONS } from '../../../src/platform/conversions.js';

const page = readFileSync(new URL('../../../docs/migrations.md', import.meta.url), 'utf8');

/** The "Conversions" section: from its heading to the next heading of its level. */
function section(): string {
  const start = page.indexOf('\n## Conversions\n');
  expect(start, 'docs/migrations.md has a "## Conversions" section').toBeGreaterThan(-1);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

/** `| \`FROM\` | \`TO\` | rule |` rows of the section's table, header and rule line left out. */
function rows(): string[] {
  return section()
    .split('\n')
    .filter((line) => /^\| `[A-Z_]+` \|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return `${cells[0]!.replace(/`/g, '')} -> ${cells[1]!.replace(/`/g, '')}: ${cells.slice(2).join(' | ')}`;
    });
}

describe('docs/migrations.md "Conversions"', () => {
  it('lists every conversion of the table with its rule, and no other', () => {
    const table = CONVERSIONS.map((c) => `${c.from} -> ${c.to}: ${c.rule}`);
    expect([...rows()].sort()).toEqual([...table].sort());
  });

  it('says how many pairs stay blocked', () => {
    expect(section()).toContain(`Blocked (${blockedPairs().length} pairs of the 17 input types)`);
  });
});

describe('a conversion through a time zone', () => {
  // docs/migrations.md, `timeZone`: the platform's interface gives no zone of an environment, so
  // without migrate.timeZone the zone is the environment's timeZone in appdeploy.yaml, else the
  // planning machine's, and the plan names the one it took. The rule must say each, and the
  // conversions it decides are the ones the plan names a zone for (`zoned`).
  const zoned = CONVERSIONS.filter((c) => c.rule.includes('migrate.timeZone'));
  it.each(zoned.map((c) => [`${c.from} -> ${c.to}`, c.rule, c.zoned]))(
    '%s names where the zone comes from',
    (_, rule, flagged) => {
      expect(rule).toContain(
        "`migrate.timeZone`, else the environment's `timeZone` in appdeploy.yaml, else the planning machine's (the plan names the zone)",
      );
      expect(flagged).toBe(true);
    },
  );
  it('is named by no other conversion', () => {
    expect(CONVERSIONS.filter((c) => c.zoned && !c.rule.includes('migrate.timeZone'))).toEqual([]);
  });
  it('are the date and date-time pairs', () => {
    expect(zoned.map((c) => `${c.from} -> ${c.to}`).sort()).toMatchInlineSnapshot(`
      [
        "DATE -> DATETIME",
        "DATETIME -> DATE",
        "LINK -> DATETIME",
        "MULTI_LINE_TEXT -> DATETIME",
        "RICH_TEXT -> DATETIME",
        "SINGLE_LINE_TEXT -> DATETIME",
      ]
    `);
  });
});
