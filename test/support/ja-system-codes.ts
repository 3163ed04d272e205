/** platform-facts-verified, Locale: the codes of a new app's system fields in ja. */
export const JA_SYSTEM_CODES = [
  'レコード番号',
  '作成者',
  '作成日時',
  '更新者',
  '更新日時',
  'ステータス',
  '作業者',
  'カテゴリー',
];
