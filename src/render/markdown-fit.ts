/**
 * A pull-request comment has a ceiling: GitHub refuses a comment body over 65,536 characters
 * ("Body is too long (maximum is 65536 characters)", 422 from the create and update comment calls;
 * reported in telia-oss/github-pr-resource#259, danger/danger#424). A plan of a few dozen new apps
 * passes it (40 small apps: 129,634 characters), and the CI step that posts it then fails with no
 * comment at all. So the Markdown keeps what a reviewer needs whole (the summary, the check, risks,
 * migrations, notes) and drops per-app details from the end until it fits, saying which it left
 * out and how to see them: a cut comment never passes for the whole plan.
 */

import { append } from './append.js';
import { codeSpan } from './markdown-text.js';

/** GitHub's ceiling for an issue or pull-request comment, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** How many left-out apps the note names before it counts the rest. */
const NAMED = 20;

export interface AppDetails {
  key: string;
  lines: readonly string[];
}

/**
 * The comment within `maxLength` characters (UTF-16 units: never fewer than the characters
 * GitHub counts): `head` whole when it fits with the note, then as many apps' details, in plan
 * order, as fit. Only when the head alone does not fit is it cut too, at a line, before any
 * details. `maxLength` 0 or undefined: never cut.
 */
export function fitMarkdown(
  head: readonly string[],
  details: readonly AppDetails[],
  maxLength: number | undefined,
): string {
  const whole = joined([...head, ...details.flatMap((d) => d.lines)]);
  if (maxLength === undefined || maxLength <= 0 || whole.length <= maxLength) return whole;
  const kept: string[] = [...head];
  let shown = 0;
  let best = joined([...kept, ...cutNote(details, maxLength, false)]);
  if (best.length > maxLength) return cutHead(head, details, maxLength);
  for (const app of details) {
    const candidate = joined([...kept, ...app.lines, ...cutNote(details.slice(shown + 1), maxLength, false)]);
    if (candidate.length > maxLength) break;
    append(kept, app.lines);
    best = candidate;
    shown += 1;
  }
  return best;
}

/** The head cut at a line so that it and the note fit (a plan with thousands of risks). */
function cutHead(head: readonly string[], left: readonly AppDetails[], maxLength: number): string {
  const note = cutNote(left, maxLength, true);
  const kept: string[] = [];
  let used = joined(note).length + 1;
  for (const line of head) {
    if (used + line.length + 1 > maxLength) break;
    kept.push(line);
    used += line.length + 1;
  }
  return joined([...kept, '', ...note]);
}

/** The warning that ends a cut comment: what is missing, and how to see the whole plan. */
function cutNote(left: readonly AppDetails[], maxLength: number, headCut: boolean): string[] {
  const limit = maxLength.toLocaleString('en-US');
  const what = headCut
    ? `This comment is cut at ${limit} characters: the rest of the summary above is left out, with the details of every app.`
    : `This comment is cut at ${limit} characters: the details of ${left.length} ${left.length === 1 ? 'app are' : 'apps are'} left out (${names(left)}).`;
  return [
    '> [!WARNING]',
    `> ${what} The plan in text (\`--format text\`) or JSON (\`--format json\`, \`--out FILE\`) is whole, as is this Markdown with \`--max-chars 0\`.`,
  ];
}

function names(left: readonly AppDetails[]): string {
  const shown = left.slice(0, NAMED).map((app) => codeSpan(app.key));
  const more = left.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function joined(lines: readonly string[]): string {
  return `${lines.join('\n').trimEnd()}\n`;
}
