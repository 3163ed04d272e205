/**
 * Records in bulk: the revision-checked read-transform-write sweep, and what a migration builds on
 * it (copying a field's values, backing values up before a deploy destroys them, restoring them).
 */
export {
  sweepRecords,
  type SweepOptions,
  type SweepProgress,
  type SweepResult,
  type SweepSpec,
} from './sweep.js';
export {
  copyFieldValues,
  type CopyMoment,
  type CopyOptions,
  type CopyProgress,
  type CopyResult,
  type CopySpec,
  type FieldPlace,
  type NotConverted,
} from './copy-field.js';
export {
  backupFieldValues,
  filesFolderOf,
  type BackedUpFile,
  type BackupField,
  type BackupLine,
  type BackupRequest,
  type BackupResult,
  type BackupSince,
} from './backup.js';
export { backupLineNumbers, catchUpBackup, rebaseBackup } from './backup-catch-up.js';
export { windowWrites, writeWindow, type WindowWrite } from './window.js';
export {
  progressFileOf,
  restoreFieldValues,
  summarizeBackup,
  type BackupSummary,
  type RestoreOptions,
  type RestoreRequest,
  type RestoreResult,
} from './restore.js';
export {
  isTable,
  keyText,
  planIsEmpty,
  planSeed,
  type FieldChange,
  type ReadRecord,
  type SeedAction,
  type SeedFile,
  type SeedPlan,
  type SeedRecord,
  type SeedRow,
  type SeedScalar,
  type SeedValue,
} from './seed-plan.js';
export {
  unappliedFields,
  type ManifestField,
  type ServiceField,
  type UnappliedField,
} from './seed-fields.js';
export { readAllRecords, type ReadAllParams } from './read-all.js';
export { applySeed, planFromService, readForSeed, type SeedResult, type SeedTarget } from './seed-apply.js';
