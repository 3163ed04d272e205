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
