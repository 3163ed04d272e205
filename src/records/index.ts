/** Records work beyond one call: a field's values copied into another, fields backed up (interim). */
export { copyFieldValues } from './copy-field.js';
export { backupFieldValues } from './backup.js';
export type * from './types.js';
