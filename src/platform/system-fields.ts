import type { SystemFieldType } from './field-types.js';

/** The language a new app is created in: it decides the codes and labels of its system fields. */
export type Locale = 'en' | 'ja';

/**
 * The codes a new app gives its system fields. `en` is what the local service gives every new app
 * (and what a project assumes when a manifest does not declare them); `ja` is what the hosted
 * platform gives an app created in Japanese, where code and label are the same text.
 */
export const SYSTEM_FIELD_CODES: Readonly<Record<Locale, Readonly<Record<SystemFieldType, string>>>> = {
  en: {
    RECORD_NUMBER: 'Record_number',
    CREATOR: 'Created_by',
    CREATED_TIME: 'Created_datetime',
    MODIFIER: 'Updated_by',
    UPDATED_TIME: 'Updated_datetime',
    STATUS: 'Status',
    STATUS_ASSIGNEE: 'Assignee',
    CATEGORY: 'Categories',
  },
  ja: {
    RECORD_NUMBER: 'レコード番号',
    CREATOR: '作成者',
    CREATED_TIME: '作成日時',
    MODIFIER: '更新者',
    UPDATED_TIME: '更新日時',
    STATUS: 'ステータス',
    STATUS_ASSIGNEE: '作業者',
    CATEGORY: 'カテゴリー',
  },
};

/** The labels a new app gives its system fields (in Japanese the label is the code). */
export const SYSTEM_FIELD_LABELS: Readonly<Record<Locale, Readonly<Record<SystemFieldType, string>>>> = {
  en: {
    RECORD_NUMBER: 'Record number',
    CREATOR: 'Created by',
    CREATED_TIME: 'Created datetime',
    MODIFIER: 'Updated by',
    UPDATED_TIME: 'Updated datetime',
    STATUS: 'Status',
    STATUS_ASSIGNEE: 'Assignee',
    CATEGORY: 'Categories',
  },
  ja: SYSTEM_FIELD_CODES.ja,
};
