/** Records and field values (spec "Record", platform-facts "Records, cursors, bulk"). */
import type { Id, Revision, UserRef } from './common.js';

/** A type alias, as UserRef (common.ts) says why. */
export type FileAttachment = {
  contentType: string;
  fileKey: string;
  name: string;
  size: string;
};

/** A field value as a read returns it, one shape per field type. */
export type FieldValue =
  | {
      type:
        | 'SINGLE_LINE_TEXT'
        | 'MULTI_LINE_TEXT'
        | 'RICH_TEXT'
        | 'NUMBER'
        | 'CALC'
        | 'LINK'
        | 'RADIO_BUTTON'
        | 'DATETIME'
        | 'STATUS'
        | 'RECORD_NUMBER'
        | 'CREATED_TIME'
        | 'UPDATED_TIME'
        | '__ID__'
        | '__REVISION__';
      value: string;
    }
  | { type: 'DROP_DOWN' | 'DATE' | 'TIME'; value: string | null }
  | { type: 'CHECK_BOX' | 'MULTI_SELECT' | 'CATEGORY'; value: string[] }
  | { type: 'CREATOR' | 'MODIFIER'; value: UserRef }
  | { type: 'USER_SELECT' | 'ORGANIZATION_SELECT' | 'GROUP_SELECT' | 'STATUS_ASSIGNEE'; value: UserRef[] }
  | { type: 'FILE'; value: FileAttachment[] }
  | { type: 'SUBTABLE'; value: SubtableRow[] };

/** A type alias, as UserRef (common.ts) says why. */
export type SubtableRow = {
  id: string;
  value: Record<string, FieldValue>;
};

/** A record as read: field code to `{type, value}`, with `$id` and `$revision`. */
export type AppRecord = Record<string, FieldValue>;

/** A field value as written: `{value}`, users and files by code and key. */
export type FieldValueForWrite =
  | { value: string | number | null }
  | { value: string[] }
  | { value: { code: string }[] }
  | { value: { fileKey: string }[] }
  | { value: { id?: Id; value: Record<string, FieldValueForWrite> }[] };

export type RecordForWrite = Record<string, FieldValueForWrite>;

/** Identifies a record by a field whose values are unique. */
export interface UpdateKey {
  field: string;
  value: string | number;
}

/** One record update: by `id` or by `updateKey`. */
export type RecordUpdate = ({ id: Id; updateKey?: never } | { updateKey: UpdateKey; id?: never }) & {
  record?: RecordForWrite | undefined;
  revision?: Revision | undefined;
};

export interface GetRecordsParams {
  query?: string | undefined;
  fields?: readonly string[] | undefined;
  totalCount?: boolean | undefined;
}

export interface GetRecordsResult {
  records: AppRecord[];
  totalCount: string | null;
}

export interface AddRecordResult {
  id: string;
  revision: string;
}

export interface AddRecordsResult {
  ids: string[];
  revisions: string[];
}

export interface UpdateRecordsResult {
  records: { id: string; revision: string }[];
}

export interface RecordPermission {
  id: string;
  viewable: boolean;
  editable: boolean;
  deletable: boolean;
}

export interface CursorParams {
  query?: string | undefined;
  fields?: readonly string[] | undefined;
  /** Records per page, 1 to 500 (default 100). */
  size?: number | undefined;
}

export interface CursorResult {
  id: string;
  totalCount: string;
}

export interface CursorPage {
  records: AppRecord[];
  next: boolean;
}
