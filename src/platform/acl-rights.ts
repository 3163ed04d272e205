/**
 * The rights a permission rule grants, as the hosted platform names them (kintone's "Update App
 * Permissions" and "Update Record Permissions"; the official client's app/right.d.ts). A right a
 * rule leaves out is false, and answers carry every one.
 */
export const APP_RIGHT_FLAGS = [
  'appEditable',
  'recordViewable',
  'recordAddable',
  'recordEditable',
  'recordDeletable',
  'recordImportable',
  'recordExportable',
] as const;

export const RECORD_RIGHT_FLAGS = ['viewable', 'editable', 'deletable'] as const;

/** A record right that needs the right to view. */
export type RecordRightNeedingView = 'editable' | 'deletable';

/**
 * The rights an entity of a record permission is granted without the right to view, which the
 * hosted platform refuses (kintone.dev, "Update Record Permissions": "If you grant an entity
 * permission to edit or delete records, the entity must also be granted to have permission to
 * view records"). Validate (project/checks/acl.ts) and the local service (emulator/validate/acl.ts)
 * both refuse them. A right left out is false, as the platform takes it.
 */
export function rightsWithoutView(rights: {
  readonly viewable?: unknown;
  readonly editable?: unknown;
  readonly deletable?: unknown;
}): RecordRightNeedingView[] {
  if (rights.viewable === true) return [];
  return (['editable', 'deletable'] as const).filter((right) => rights[right] === true);
}

/** The group every user is in (its code on the hosted platform and the local service alike). */
const EVERYONE_GROUP = 'everyone';

/**
 * The entities of an app permission list or of a record permission rule in the order the hosted
 * platform weighs them: as listed, but the "everyone" group last, "wherever it is placed in the
 * list" (kintone.dev, "Update App Permissions" and "Update Record Permissions": it "will be treated
 * with the lowest priority"). The first one naming a user decides. "Update Field Permissions" says
 * nothing of it; field permissions are weighed as listed.
 */
export function everyoneLast<T>(items: readonly T[], entityOf: (item: T) => unknown): T[] {
  const isEveryone = (item: T): boolean => {
    const entity = entityOf(item) as { type?: unknown; code?: unknown } | null | undefined;
    return entity?.type === 'GROUP' && entity.code === EVERYONE_GROUP;
  };
  return [...items.filter((item) => !isEveryone(item)), ...items.filter(isEveryone)];
}
