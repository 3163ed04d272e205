/**
 * The language of the apps a plan creates (plan.newApps), said only when the deploying user's
 * language could not be read: the plan then assumes the environment's `locale`, and says so.
 */
import type { Plan } from '../plan/types.js';
import { markdownText } from './markdown-text.js';
import type { Paint } from './lines.js';

function sentence(plan: Plan): string | null {
  const language = plan.newApps;
  if (language?.unread === undefined) return null;
  return `the apps this plan creates are assumed to get their system fields in the environment's locale (${language.locale}): ${language.unread}. If the deploying user's own language setting is another one, the new apps get that language's system field codes instead.`;
}

export function newAppLines(plan: Plan, paint: Paint): string[] {
  const text = sentence(plan);
  return text === null
    ? []
    : [`${paint(paint("New apps' language not read:", 'yellow'), 'bold')} ${text}`, ''];
}

export function newAppSection(plan: Plan): string[] {
  const text = sentence(plan);
  return text === null ? [] : ['> [!WARNING]', `> New apps' language not read: ${markdownText(text)}`, ''];
}
