/**
 * The note that apply will deploy in steps: which lookups and related-records tables wait for
 * the fields they name to be live in another app, and why (the plan's heldReferences).
 */
import type { HeldReference, Plan } from '../plan/types.js';

/** How many deploy calls apply makes for the references (1 when none is held). */
export function deploySteps(plan: Plan): number {
  // A fold, not Math.max(...): the references grow with the plan (render/append.ts says why).
  return plan.deploySteps ?? plan.heldReferences.reduce((most, h) => Math.max(most, h.step), 1);
}

const REASONS: Record<HeldReference['reason'], (h: HeldReference) => string> = {
  'app-created': (h) => `${h.relatedApp} is created by this apply`,
  'app-not-deployed': (h) => `${h.relatedApp} has never been deployed`,
  'fields-not-live': (h) => `this apply adds ${h.fields.join(', ')} to ${h.relatedApp}`,
};

/** One sentence per held reference, naming the field, the app and fields it names, and the step. */
export function heldSentences(plan: Plan): { step: number; text: string }[] {
  return plan.heldReferences.map((h) => ({
    step: h.step,
    text:
      `${h.app}.${h.field} (${h.kind === 'lookup' ? 'lookup' : 'related-records table'}) names ` +
      `${h.fields.join(', ')} in ${h.relatedApp}, not live yet (${REASONS[h.reason](h)}): written in deploy step ${h.step}.`,
  }));
}

/** The title line: what apply will do instead of one deploy. */
export function heldTitle(plan: Plan): string {
  return `Apply will deploy in ${deploySteps(plan)} steps: a lookup, a related-records table or a copy action can only name fields that are live in the other app, so every other change is deployed first.`;
}
