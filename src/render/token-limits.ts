/**
 * What the environment's API token cannot do (plan.tokenLimits): an error block in the text
 * rendering and a section of the Markdown one, each need named by app, area and action, with the
 * calls the hosted platform refuses to a token and how to give the environment a login instead.
 */
import type { PasswordNeed, Plan } from '../plan/types.js';
import { codeSpan, markdownText } from './markdown-text.js';
import type { Paint } from './lines.js';

const TITLE = 'An API token cannot do what this plan needs';

function where(need: PasswordNeed): string {
  return need.app === null ? 'system plug-ins' : `${need.app} ${need.area === 'app' ? '(app)' : need.area}`;
}

export function tokenLimitLines(plan: Plan, paint: Paint): string[] {
  const limits = plan.tokenLimits;
  if (limits === undefined) return [];
  return [
    `${paint(paint('Error:', 'red'), 'bold')} ${paint(TITLE, 'bold')}`,
    '',
    ...limits.needs.map((need) => `  ${where(need)}: ${need.action} (${need.calls.join(', ')})`),
    `  Instead: ${limits.instead}`,
    '  apply refuses this plan until then.',
    '',
  ];
}

export function tokenLimitSection(plan: Plan): string[] {
  const limits = plan.tokenLimits;
  if (limits === undefined) return [];
  return [
    `#### ${TITLE}`,
    '',
    ...limits.needs.map(
      (need) =>
        `- ${codeSpan(where(need))}: ${markdownText(need.action)} (${need.calls.map(codeSpan).join(', ')})`,
    ),
    '',
    `Instead: ${markdownText(limits.instead)} apply refuses this plan until then.`,
    '',
  ];
}
