import { findUser } from '../directory/users.js';
import { unitMembers, type UnitKind } from '../directory/units.js';
import type { EmulatorContext } from '../context.js';
import type { AppSettings, Json, JsonObject, UserRef } from '../model/app.js';
import { text, type StoredRecord } from './model.js';

/** One status of the live process settings. */
export interface ProcessState {
  readonly name: string;
  readonly index: number;
  readonly assigneeType: 'ONE' | 'ALL' | 'ANY';
  readonly entities: readonly JsonObject[];
}

/** One action of the live process settings. */
export interface ProcessAction {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly filterCond: string;
  /** `executableUser.entities`: who may run it; empty means anyone who may act on the record. */
  readonly executors: readonly JsonObject[];
}

export function processEnabled(live: AppSettings): boolean {
  return live.process.enable === true;
}

/** The statuses in their `index` order. */
export function processStates(live: AppSettings): ProcessState[] {
  const map = (live.process.states ?? {}) as Record<string, JsonObject>;
  return Object.entries(map)
    .map(([name, s]) => {
      const assignee = (s.assignee ?? {}) as JsonObject;
      const type = assignee.type === 'ALL' || assignee.type === 'ANY' ? assignee.type : 'ONE';
      return {
        name: typeof s.name === 'string' ? s.name : name,
        index: Number(s.index ?? 0),
        assigneeType: type,
        entities: Array.isArray(assignee.entities) ? (assignee.entities as JsonObject[]) : [],
      } satisfies ProcessState;
    })
    .sort((a, b) => a.index - b.index);
}

export function processActions(live: AppSettings): ProcessAction[] {
  const list = Array.isArray(live.process.actions) ? (live.process.actions as JsonObject[]) : [];
  return list.map((a) => ({
    name: text(a.name),
    from: text(a.from),
    to: text(a.to),
    filterCond: typeof a.filterCond === 'string' ? a.filterCond : '',
    executors: entitiesOf(a.executableUser),
  }));
}

/**
 * The users a status's assignee rule names for a record: users by login, the members of a
 * group or organization (directory/units.ts), the record's creator, or the users in a user
 * field of the record (FIELD_ENTITY).
 */
export function assigneeCandidates(
  state: ProcessState,
  record: StoredRecord,
  ctx: EmulatorContext,
): UserRef[] {
  const found = new Map<string, UserRef>();
  const add = (user: UserRef | undefined): void => {
    if (user && !found.has(user.code)) found.set(user.code, user);
  };
  for (const item of state.entities) {
    const entity = (item.entity ?? {}) as JsonObject;
    const code = typeof entity.code === 'string' ? entity.code : '';
    switch (text(entity.type)) {
      case 'USER':
        add(findUser(ctx, code));
        break;
      case 'GROUP':
      case 'ORGANIZATION':
        unitMembers(ctx, text(entity.type) as UnitKind, code).forEach(add);
        break;
      case 'CREATOR':
        usersIn(Object.values(record).find((f) => f.type === 'CREATOR')?.value).forEach((c) =>
          add(findUser(ctx, c)),
        );
        break;
      case 'FIELD_ENTITY':
        usersIn(record[code]?.value).forEach((c) => add(findUser(ctx, c)));
        break;
      default:
        break;
    }
  }
  return [...found.values()];
}

/**
 * Who a record is assigned to on entering a status without a chosen assignee: every candidate
 * for ALL and ANY; for ONE, the candidate when there is exactly one.
 */
export function automaticAssignees(
  state: ProcessState,
  record: StoredRecord,
  ctx: EmulatorContext,
): UserRef[] {
  const candidates = assigneeCandidates(state, record, ctx);
  if (state.assigneeType !== 'ONE') return candidates;
  return candidates.length === 1 ? candidates : [];
}

/** The status a new record starts in (the first by index) and its assignees; null with process off. */
export function initialStatus(
  live: AppSettings,
  record: StoredRecord,
  ctx: EmulatorContext,
): { status: string; assignees: UserRef[] } | null {
  if (!processEnabled(live)) return null;
  const first = processStates(live)[0];
  if (!first) return null;
  return { status: first.name, assignees: automaticAssignees(first, record, ctx) };
}

/**
 * A record as process management sees it: one stored before the process was turned on has no
 * status yet and reads as being in the first status (as the platform moves every record there
 * when the process is enabled). Other records come back as they are.
 */
export function withInitialStatus(live: AppSettings, record: StoredRecord): StoredRecord {
  if (!processEnabled(live)) return record;
  const code = Object.keys(live.properties).find((c) => live.properties[c]?.type === 'STATUS');
  if (code === undefined || record[code] !== undefined) return record;
  const first = processStates(live)[0];
  if (!first) return record;
  const assignee = Object.keys(live.properties).find((c) => live.properties[c]?.type === 'STATUS_ASSIGNEE');
  return {
    ...record,
    [code]: { type: 'STATUS', value: first.name },
    ...(assignee === undefined || record[assignee]
      ? {}
      : { [assignee]: { type: 'STATUS_ASSIGNEE', value: [] } }),
  };
}

/** The record's current status: its STATUS value, or the first status for records older than the process. */
export function currentStatus(live: AppSettings, record: StoredRecord): string | undefined {
  const value = Object.values(record).find((f) => f.type === 'STATUS')?.value;
  return typeof value === 'string' && value !== '' ? value : processStates(live)[0]?.name;
}

function entitiesOf(value: Json | undefined): JsonObject[] {
  const entities = value && typeof value === 'object' && !Array.isArray(value) ? value.entities : undefined;
  return Array.isArray(entities) ? (entities as JsonObject[]) : [];
}

/** The logins a record is currently assigned to (its STATUS_ASSIGNEE value). */
export function currentAssignees(record: StoredRecord): string[] {
  return usersIn(Object.values(record).find((f) => f.type === 'STATUS_ASSIGNEE')?.value);
}

function usersIn(value: Json | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.code === 'string' ? [v.code] : [],
  );
}
