/**
 * The first status of a process (the lowest `index`) is where a record starts, before anyone is
 * assigned. The hosted platform takes there assignee type ONE only, with no candidates or only the
 * app's creator field as a FIELD_ENTITY, and refuses CREATOR entities (SonicGarden/kintone-emulator,
 * docs/real-kintone-notes.md, updateProcessManagement constraints, observed 2026-04-30; the Get
 * Process Management Settings documentation: the first status answers type "ONE"). One rule, read
 * by validate (project/checks/process.ts) and the local service (emulator/validate/process.ts),
 * each in its own words; the platform's error key and wording are not recorded.
 */
import { inIndexOrder } from './index-order.js';

/** The one assignee type the first status takes. */
export const FIRST_STATUS_ASSIGNEE_TYPE = 'ONE';

/** A status as both sides hold it: its name, its index (none: its place in the order given). */
export interface RankedStatus {
  readonly name: string;
  readonly index?: string | number | undefined;
}

/** The first status: the lowest index; a status without one, and a tie, go by place in the order given. */
export function firstStatusName(states: readonly RankedStatus[]): string | undefined {
  return inIndexOrder(states.map((s) => [s.name, s] as const))[0]?.[0];
}

/** An assignee as written: its type, and its candidates' entities. */
export interface AssigneeAsWritten {
  readonly type?: unknown;
  readonly entities?: readonly { readonly entity?: { readonly type?: unknown; readonly code?: unknown } }[];
}

/** What in the first status's assignee the platform refuses: the type, or one candidate's type or code. */
export type FirstStatusBreach =
  | { readonly at: 'type' }
  | { readonly at: 'entity'; readonly entity: number; readonly part: 'type' | 'code' };

/**
 * Where `assignee` breaks the rule for the first status. `creatorField` is the code of the app's
 * CREATOR field; undefined when not known (a manifest that declares no fields): then any
 * FIELD_ENTITY may be it, and only the service, which knows the app's fields, can tell.
 */
export function firstStatusBreaches(
  assignee: AssigneeAsWritten,
  creatorField: string | undefined,
): FirstStatusBreach[] {
  const breaches: FirstStatusBreach[] = [];
  if (assignee.type !== FIRST_STATUS_ASSIGNEE_TYPE) breaches.push({ at: 'type' });
  (assignee.entities ?? []).forEach((e, i) => {
    const type = e.entity?.type;
    if (type === 'FIELD_ENTITY' && (creatorField === undefined || e.entity?.code === creatorField)) return;
    breaches.push({ at: 'entity', entity: i, part: type === 'FIELD_ENTITY' ? 'code' : 'type' });
  });
  return breaches;
}
