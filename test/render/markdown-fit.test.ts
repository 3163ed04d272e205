import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { GITHUB_COMMENT_LIMIT, markdownMarker, renderMarkdown } from '../../src/render/index.js';
import { everyAreaPlan } from './fixture.js';

/**
 * The Markdown plan within a pull-request comment's ceiling: GitHub answers 422 "Body is too long
 * (maximum is 65536 characters)" to a longer comment (telia-oss/github-pr-resource#259), and the
 * CI step then posts nothing. A cut comment keeps the summary and risks whole, shows whole
 * `<details>` blocks in plan order, and names every app it left out.
 */

/** `everyAreaPlan`'s changed apps, `copies` times over under keys of their own. */
function manyApps(copies: number): Plan {
  const changed = everyAreaPlan.apps.filter((app) => app.action !== 'no-op');
  const apps = Array.from({ length: copies }, (_, i) =>
    changed.map((app) => ({ ...app, key: `${app.key}${i}`, name: `${app.name} ${i}` })),
  ).flat();
  return { ...everyAreaPlan, apps };
}

const detailsKeys = (markdown: string) =>
  [...markdown.matchAll(/<details><summary>app <code>([^<]+)<\/code>/g)].map((m) => m[1]!);

describe('renderMarkdown within maxLength', () => {
  const plan = manyApps(8);
  const whole = renderMarkdown(plan);
  const keys = plan.apps.map((app) => app.key);

  it('is the whole plan without maxLength, with 0, and when it fits exactly', () => {
    expect(whole.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT);
    expect(renderMarkdown(plan, { maxLength: 0 })).toBe(whole);
    expect(renderMarkdown(plan, { maxLength: whole.length })).toBe(whole);
    expect(renderMarkdown(plan, { maxLength: whole.length - 1 })).not.toBe(whole);
  });

  it.each([GITHUB_COMMENT_LIMIT, 30_000, 20_000])(
    'at %i characters: the summary and risks whole, whole details in plan order, the rest named',
    (maxLength) => {
      const cut = renderMarkdown(plan, { maxLength });
      expect(cut.length).toBeLessThanOrEqual(maxLength);
      expect(cut.split('\n')[0]).toBe(markdownMarker(plan.environment));
      // Every app in the summary table and every risk, as in the whole plan.
      for (const key of keys) expect(cut).toContain(`| \`${key}\` `);
      const risks = whole.slice(whole.indexOf('#### Risks'), whole.indexOf('<details>'));
      expect(cut).toContain(risks.trimEnd());
      // The details shown are the first apps', each block closed.
      const shown = detailsKeys(cut);
      expect(shown).toEqual(keys.slice(0, shown.length));
      expect(cut.match(/<details>/g)?.length ?? 0).toBe(cut.match(/<\/details>/g)?.length ?? 0);
      // The note names the apps left out: the first twenty, then how many more.
      const left = keys.slice(shown.length);
      // At 20,000 characters more than twenty apps are left out: the note counts the rest.
      expect(left.length).toBeGreaterThan(maxLength === 20_000 ? 20 : 0);
      const note = cut.slice(cut.lastIndexOf('> [!WARNING]'));
      expect(note).toContain(`the details of ${left.length} apps are left out`);
      for (const key of left.slice(0, 20)) expect(note).toContain(`\`${key}\``);
      if (left.length > 20) expect(note).toContain(`and ${left.length - 20} more)`);
      expect(cut.endsWith('\n')).toBe(true);
    },
  );

  it('says how to see the whole plan', () => {
    const cut = renderMarkdown(manyApps(2), { maxLength: 12_000 });
    expect(cut.slice(cut.lastIndexOf('> [!WARNING]'))).toMatchInlineSnapshot(`
      "> [!WARNING]
      > This comment is cut at 12,000 characters: the details of 5 apps are left out (\`orders0\`, \`leads0\`, \`deals1\`, \`orders1\`, \`leads1\`). The plan in text (\`--format text\`) or JSON (\`--format json\`, \`--out FILE\`) is whole, as is this Markdown with \`--max-chars 0\`.
      "
    `);
  });

  it.each([
    ['the table and risks of 180 apps', manyApps(60), GITHUB_COMMENT_LIMIT],
    ['the table of 24 apps', plan, 1_000],
  ])(
    'cuts the summary itself, at a line, only when it alone does not fit (%s), and says so',
    (_, big, maxLength) => {
      const all = renderMarkdown(big);
      expect(all.indexOf('<details>')).toBeGreaterThan(maxLength);
      const cut = renderMarkdown(big, { maxLength });
      expect(cut.length).toBeLessThanOrEqual(maxLength);
      expect(detailsKeys(cut)).toEqual([]);
      expect(all.startsWith(cut.slice(0, cut.indexOf('\n\n> [!WARNING]')))).toBe(true);
      expect(cut).toContain('the rest of the summary above is left out, with the details of every app.');
    },
  );
});
