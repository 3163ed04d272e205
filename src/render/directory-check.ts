/**
 * The skipped directory lookup (plan.directoryCheck): one warning line in the text rendering and
 * a note in the Markdown one, saying why and how many names went unchecked.
 */
import type { Plan } from '../plan/types.js';
import { markdownText } from './markdown-text.js';
import type { Paint } from './lines.js';

function sentence(plan: Plan): string | null {
  const check = plan.directoryCheck;
  if (check === undefined) return null;
  const what =
    check.unchecked === 1
      ? '1 user, group or organization'
      : `${check.unchecked} users, groups and organizations`;
  return `${what} named by this plan ${check.unchecked === 1 ? 'was' : 'were'} not looked up in the target: ${check.skipped}. A missing one is found only when the service refuses the write.`;
}

export function directoryCheckLines(plan: Plan, paint: Paint): string[] {
  const text = sentence(plan);
  return text === null ? [] : [`${paint(paint('Directory check skipped:', 'yellow'), 'bold')} ${text}`, ''];
}

export function directoryCheckSection(plan: Plan): string[] {
  const text = sentence(plan);
  return text === null ? [] : ['> [!WARNING]', `> Directory check skipped: ${markdownText(text)}`, ''];
}
