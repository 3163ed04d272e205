/**
 * The records room's interface (interim on branch migrate, replaced by branch engine at merge):
 * copying one field's values into another, and backing fields' values up before a deploy deletes
 * them. Apply calls them through `MigrationRecords` (apply/migrate.ts), so either implementation
 * serves.
 */
import type { Converted } from '../platform/conversions.js';

export interface CopySpec {
  app: string;
  from: { code: string; table: string | null };
  to: { code: string; table: string | null };
  convert: (value: unknown) => Converted;
  row?: 'first' | 'every' | 'new';
  join?: string;
}

export interface CopyProgress {
  /** When the copy began (ISO 8601): the sweep copies again the records updated since. */
  startedAt: string;
  /** The last record id copied, in id order; null before the first page. */
  lastId: string | null;
  written: number;
}

export interface CopyOptions {
  progress?: CopyProgress;
  onProgress?: (progress: CopyProgress) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface CopyResult {
  copied: number;
  unchanged: number;
  empty: number;
  notConverted: { id: string; value: unknown; reason: string }[];
}

export interface BackupSpec {
  app: string;
  appKey: string;
  fields: { code: string; table: string | null; type: string }[];
  /** The folder the backup is written in (`.appdeploy/backups/<env>`). */
  dir: string;
}

export interface BackupResult {
  /** The JSON Lines file written. */
  file: string;
  records: number;
  values: number;
  /** Attachments downloaded beside it. */
  files: number;
}
