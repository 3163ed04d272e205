import type { Lang } from './lang.js';

/**
 * The service's messages that the hosted platform words in each language (platform-facts and
 * platform-facts-verified name them). `{n}`, `{v}`, `{code}` stand for the parts that vary.
 * Handlers word every message in English; the HTTP edge translates the answer once it knows the
 * caller's language (translate.ts), so no handler needs to carry the request's language.
 */
export const MESSAGES: readonly Readonly<Record<Lang, string>>[] = [
  { en: 'Missing or invalid input.', ja: '入力内容が正しくありません。', zh: '输入内容不正确。' },
  { en: 'Required.', ja: '必須です。', zh: '必填。' },
  { en: 'Required field.', ja: '必須です。', zh: '必填。' },
  {
    en: 'This value already exists in another record.',
    ja: '値がほかのレコードと重複しています。',
    zh: '该值与其他记录重复。',
  },
  { en: 'Only numbers are allowed.', ja: '数字でなければなりません。', zh: '只能输入数字。' },
  { en: 'The value must be {n} or less.', ja: '{n}以下である必要があります。', zh: '必须小于等于{n}。' },
  { en: 'The value must be {n} or more.', ja: '{n}以上である必要があります。', zh: '必须大于等于{n}。' },
  {
    en: 'A maximum of 100 records can be added at one time.',
    ja: '一度に100件までのレコードを追加できます。',
    zh: '一次最多可添加100条记录。',
  },
  {
    en: 'A maximum of 100 records can be updated at one time.',
    ja: '一度に100件までのレコードを更新できます。',
    zh: '一次最多可更新100条记录。',
  },
  {
    en: 'A value {v} in the field {code} does not exist in the datasource app for lookup, or you do not have permission to view the app or the field.',
    ja: 'フィールド「{code}」の値「{v}」が、ルックアップの参照先のフィールドにないか、またはアプリやフィールドの閲覧権限がありません。',
    zh: '字段“{code}”的值“{v}”在关联的应用中不存在，或您没有查看该应用或字段的权限。',
  },
  {
    en: 'The login name or password is wrong.',
    ja: 'ログイン名またはパスワードが正しくありません。',
    zh: '登录名或密码错误。',
  },
];
