/** The records work apply uses unless another is handed in (ApplyOptions.records). */
import { backupFieldValues, catchUpBackup, copyFieldValues } from '../records/index.js';
import type { MigrationRecords } from './types.js';

export const RECORDS: MigrationRecords = {
  copy: copyFieldValues,
  backup: backupFieldValues,
  catchUp: catchUpBackup,
};
