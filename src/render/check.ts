/**
 * The check section of a plan (`plan --check`): how applying it went on a copy of the target.
 * Passed: what it took there; failed: the app, area, request, the service's code and message,
 * where the manifest holds the value, and a hint. A passed check says it is no promise
 * (docs/check.md lists what the copy cannot know); a failed one has nothing to add to its failure.
 */
import type { CheckFailure, Plan, PlanCheck } from '../plan/types.js';
import { ansiPaint, noPaint, type Paint } from './lines.js';
import { codeSpan, markdownText } from './markdown-text.js';

export const NOT_A_PROMISE =
  'A passed check is not a promise: the copy knows nothing of the target’s users, groups and organizations, plug-ins’ own settings, or anything the local service does not model (docs/check.md).';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** `deploys on a copy of staging: 2 apps, 14 writes, 1 deploy call`. */
export function passedSentence(check: PlanCheck): string {
  const records = check.copied.records > 0 ? ` (${plural(check.copied.records, 'record')} copied)` : '';
  return `deploys on a copy of ${check.environment}${records}: ${plural(check.apps, 'app')}, ${plural(check.writes, 'write')}, ${plural(check.deployCalls, 'deploy call')}`;
}

/** The failure's facts, one per line, in the order a reader needs them. */
function failureFacts(failure: CheckFailure): string[] {
  return [
    ...(failure.app === null ? [] : [`app: ${failure.app}`]),
    ...(failure.area === null ? [] : [`area: ${failure.area}`]),
    ...(failure.request === null ? [] : [`request: ${failure.request}`]),
    `${failure.code === null ? '' : `[${failure.code}] `}${failure.message}`,
    ...(failure.location === null ? [] : [`at ${failure.location}`]),
    `hint: ${failure.hint}`,
  ];
}

export function checkLines(plan: Plan, paint: Paint): string[] {
  const check = plan.check;
  if (check === undefined) return [];
  if (check.outcome === 'passed')
    return [`${paint('Check passed:', 'green')} ${passedSentence(check)}.`, `  ${NOT_A_PROMISE}`, ''];
  return [
    `${paint('Check failed:', 'red')} applying this plan fails on a copy of ${check.environment}.`,
    ...(check.failure === undefined ? [] : failureFacts(check.failure).map((line) => `  ${line}`)),
    '',
  ];
}

/** At the top of the pull-request comment. */
export function checkMarkdown(plan: Plan): string[] {
  const check = plan.check;
  if (check === undefined) return [];
  if (check.outcome === 'passed')
    return [
      `**Check passed:** ${markdownText(passedSentence(check))}.`,
      '',
      `_${markdownText(NOT_A_PROMISE)}_`,
      '',
    ];
  const facts = check.failure === undefined ? [] : failureFacts(check.failure);
  return [
    '> [!CAUTION]',
    `> **Check failed:** applying this plan fails on a copy of ${codeSpan(check.environment)}.`,
    ...facts.map((line) => `> - ${markdownText(line)}`),
    '',
  ];
}

/** The check section alone, as text (apply --check with a saved plan). */
export function renderCheck(plan: Plan, options: { color: boolean }): string {
  return `${checkLines(plan, options.color ? ansiPaint : noPaint).join('\n')}\n`;
}
