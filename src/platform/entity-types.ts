/**
 * The entity types each settings area takes, as the official client's types list them:
 * `entity.d.ts` (USER, GROUP, ORGANIZATION) plus, per area, `app/right.d.ts` (app ACL: CREATOR;
 * record and field ACL: FIELD_ENTITY) and `app/notification.d.ts` (general, per-record and
 * reminder notifications: FIELD_ENTITY). Process assignees are the process area's own.
 */
const PEOPLE = ['USER', 'GROUP', 'ORGANIZATION'] as const;

/**
 * Every entity type some area takes: who a rule, assignee or notification is about. `CREATOR` has
 * a null code; `CUSTOM_FIELD` (a user's custom profile item, such as their manager) is taken by
 * process assignees only. The client's types and the local service's checks both read this list.
 */
export const ENTITY_TYPES = [...PEOPLE, 'FIELD_ENTITY', 'CREATOR', 'CUSTOM_FIELD'] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_TYPES_BY_AREA = {
  appAcl: [...PEOPLE, 'CREATOR'],
  recordAcl: [...PEOPLE, 'FIELD_ENTITY'],
  fieldAcl: [...PEOPLE, 'FIELD_ENTITY'],
  notifications: [...PEOPLE, 'FIELD_ENTITY'],
  // app/processManagement.d.ts: AssigneeEntityForParameter takes FIELD_ENTITY, CUSTOM_FIELD (a
  // custom profile item of the user directory, e.g. a manager) and CREATOR; a SECONDARY action's
  // executors (ExecutableUserEntityForParameter) only FIELD_ENTITY beyond the people.
  processAssignee: [...PEOPLE, 'FIELD_ENTITY', 'CUSTOM_FIELD', 'CREATOR'],
  processExecutor: [...PEOPLE, 'FIELD_ENTITY'],
} as const satisfies Record<string, readonly EntityType[]>;

export type EntityArea = keyof typeof ENTITY_TYPES_BY_AREA;
