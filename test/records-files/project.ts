/**
 * A project of two apps with record files, for the record-file tests: customers (keyed by
 * customer_code) and orders, whose lookup copies a customer's name by its code.
 */
export const CUSTOMERS_MANIFEST = `name: Customers
fields:
  customer_code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  name: { type: SINGLE_LINE_TEXT, label: Name, required: true }
  email: { type: SINGLE_LINE_TEXT, label: Email }
  amount: { type: NUMBER, label: Amount, minValue: 0, maxValue: 5000 }
  since: { type: DATE, label: Since }
  meets: { type: TIME, label: Meets }
  seen: { type: DATETIME, label: Seen }
  tags:
    type: CHECK_BOX
    label: Tags
    options: { vip: { label: vip }, new: { label: new } }
  rank:
    type: DROP_DOWN
    label: Rank
    options: { gold: { label: gold }, silver: { label: silver } }
  owner: { type: USER_SELECT, label: Owner }
  contract: { type: FILE, label: Contract }
  total: { type: CALC, label: Total, expression: amount * 2 }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      item: { type: SINGLE_LINE_TEXT, label: Item, required: true }
      qty: { type: NUMBER, label: Qty }
`;

export const ORDERS_MANIFEST = `name: Orders
fields:
  order_no: { type: NUMBER, label: No, unique: true }
  customer:
    type: SINGLE_LINE_TEXT
    label: Customer
    lookup:
      relatedApp: { app: customers }
      relatedKeyField: customer_code
      fieldMappings: [{ field: customer_name, relatedField: name }]
  customer_name: { type: SINGLE_LINE_TEXT, label: Customer name }
`;

export function projectFile(customers: string, orders: string, extra = ''): string {
  return [
    'environments:',
    '  local: {}',
    extra,
    'apps:',
    '  customers:',
    '    manifest: apps/customers.yaml',
    `    records: { file: ${customers}, key: customer_code }`,
    '  orders:',
    '    manifest: apps/orders.yaml',
    `    records: { file: ${orders}, key: order_no }`,
    '',
  ].join('\n');
}

/**
 * appdeploy.yaml of a project of customers alone (its records keyed by customer_code), in
 * environment test at `url`; `extra` is added to the environment's settings (`, users: {...}`).
 */
export function customersProjectFile(url: string, extra = ''): string {
  return [
    'environments:',
    `  test: { baseUrl: '${url}', auth: { login: admin, password: admin }${extra} }`,
    'apps:',
    '  customers:',
    '    manifest: apps/customers.yaml',
    '    records: { file: records/customers.yaml, key: customer_code }',
    '',
  ].join('\n');
}
