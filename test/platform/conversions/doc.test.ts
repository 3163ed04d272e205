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
  // docs/migrations.md, `timeZone`: without it, the time zone of the machine running apply stands
  // in for the environment's (the platform's interface does not give one). The rule the plan
  // shows must say so, not promise the environment's.
  const zoned = CONVERSIONS.filter((c) => c.rule.includes('migrate.timeZone'));
  it.each(zoned.map((c) => [`${c.from} -> ${c.to}`, c.rule]))(
    '%s names the zone used without migrate.timeZone',
    (_, rule) => {
      expect(rule).toContain('`migrate.timeZone` (else that of the machine running apply)');
      expect(rule).not.toContain("environment's");
    },
  );
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
