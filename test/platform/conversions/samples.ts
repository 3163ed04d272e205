/**
 * The fields and values the conversion rows are tried with: the local service's directory, a
 * source field of each type (choices A, B and C), a target of each type with fewer options, a
 * length and a range (so values that do not convert exist), and values each source field accepts,
 * edge cases among them. Shared by service.test.ts (every row against the local service) and
 * test/apply/migrate-every-conversion.test.ts (every row through plan and apply).
 */
export const USERS = [
  { login: 'admin', password: 'admin', admin: true },
  { login: 'alice', password: 'alice-pw', admin: false, name: 'Alice' },
  { login: 'sales', password: 'sales-pw', admin: false, name: 'Sales desk' },
];
export const ORGANIZATIONS = [
  { code: 'sales', name: 'Sales', users: ['alice'] },
  { code: 'hq', name: 'HQ', users: [] },
];
export const GROUPS = [
  { code: 'sales', name: 'Sales group', users: ['sales'] },
  { code: 'admins', name: 'Admins', users: ['admin'] },
];
export const CODES = {
  USER: USERS.map((u) => u.login),
  ORGANIZATION: ORGANIZATIONS.map((o) => o.code),
  GROUP: GROUPS.map((g) => g.code),
};

export const option = (names: string[]) =>
  Object.fromEntries(names.map((name, index) => [name, { label: name, index: String(index) }]));

/** The source fields: as the types come, choices with A, B and C. */
export const SOURCE: Record<string, Record<string, unknown>> = {
  SINGLE_LINE_TEXT: {},
  MULTI_LINE_TEXT: {},
  RICH_TEXT: {},
  LINK: { protocol: 'WEB' },
  NUMBER: {},
  DROP_DOWN: { options: option(['A', 'B', 'C']) },
  RADIO_BUTTON: { options: option(['A', 'B', 'C']), defaultValue: 'A' },
  CHECK_BOX: { options: option(['A', 'B', 'C']) },
  MULTI_SELECT: { options: option(['A', 'B', 'C']) },
  DATE: {},
  TIME: {},
  DATETIME: {},
  USER_SELECT: {},
  ORGANIZATION_SELECT: {},
  GROUP_SELECT: {},
};

/** The target fields: one-line texts of 20 characters at most, numbers from -1000 to 1000, choices A and B. */
export const TARGET: Record<string, Record<string, unknown>> = {
  ...SOURCE,
  SINGLE_LINE_TEXT: { maxLength: '20' },
  LINK: { protocol: 'WEB', maxLength: '20' },
  NUMBER: { minValue: '-1000', maxValue: '1000' },
  DROP_DOWN: { options: option(['A', 'B']) },
  RADIO_BUTTON: { options: option(['A', 'B']), defaultValue: 'A' },
  CHECK_BOX: { options: option(['A', 'B']) },
  MULTI_SELECT: { options: option(['A', 'B']) },
};

export const TEXT_SAMPLES = [
  'A',
  'A, B',
  'C',
  '42',
  ' 1.5e1 ',
  '1001',
  '-1001',
  '0.12345',
  '2024-05-01',
  '2023-02-29',
  '09:30',
  '2024-05-01T09:30:00+09:00',
  '2024-05-01 09:30',
  'x'.repeat(21),
  'a < b & c',
  '',
];

/** Values each source field accepts. */
export const SAMPLES: Record<string, unknown[]> = {
  SINGLE_LINE_TEXT: TEXT_SAMPLES,
  MULTI_LINE_TEXT: [...TEXT_SAMPLES, 'line one\nline two'],
  RICH_TEXT: [...TEXT_SAMPLES, 'a &amp; b<br />c', '<b>bold</b>', 'Tom &amp; Jerry'],
  LINK: [...TEXT_SAMPLES, 'https://example.com/?a=1&b=2'],
  NUMBER: ['12.50', '-3', '1000', '123456789012', ''],
  DROP_DOWN: ['A', 'C', ''],
  RADIO_BUTTON: ['A', 'B', 'C'],
  CHECK_BOX: [['A'], ['A', 'B'], ['C'], []],
  MULTI_SELECT: [['B'], ['B', 'A'], ['A', 'C'], []],
  DATE: ['2024-05-01', '1999-12-31', ''],
  TIME: ['09:30', '00:00', ''],
  DATETIME: ['2024-04-30T15:00:00Z', '2024-05-01T09:30:00Z', ''],
  USER_SELECT: [[{ code: 'alice' }], [{ code: 'sales' }], [{ code: 'admin' }, { code: 'sales' }], []],
  ORGANIZATION_SELECT: [[{ code: 'sales' }], [{ code: 'hq' }], []],
  GROUP_SELECT: [[{ code: 'sales' }], [{ code: 'admins' }], []],
};
