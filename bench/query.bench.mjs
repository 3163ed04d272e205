// 100,000 records of one app: a two-condition query with an order by and limit 100, through
// parseQuery + compileQuery + runQuery, against the same filter and sort written with plain
// array methods (filter, sort, slice) over the same data in the same process. Target: ratio <= 3.
import { compileQuery, parseQuery, runQuery } from '../dist/query/index.js';

const COUNT = 100_000;
const WARMUP = 5;
const RUNS = 25;
const TARGET = 3;
const QUERY = 'status in ("Open", "Review") and amount > 500 order by due desc, amount asc limit 100';

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const STATUSES = ['Open', 'Review', 'Done', 'Closed'];
const fields = {
  title: { type: 'SINGLE_LINE_TEXT' },
  amount: { type: 'NUMBER' },
  status: { type: 'DROP_DOWN', options: STATUSES },
  due: { type: 'DATE' },
  owner: { type: 'USER_SELECT' },
  created: { type: 'CREATED_TIME' },
};
const records = [];
for (let i = 1; i <= COUNT; i++) {
  const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 365) * 86_400_000);
  records.push({
    $id: { type: '__ID__', value: String(i) },
    title: { type: 'SINGLE_LINE_TEXT', value: `Order ${i}` },
    amount: { type: 'NUMBER', value: String(Math.floor(random() * 1000)) },
    status: { type: 'DROP_DOWN', value: STATUSES[Math.floor(random() * STATUSES.length)] },
    due: { type: 'DATE', value: day.toISOString().slice(0, 10) },
    owner: { type: 'USER_SELECT', value: [{ code: `user${i % 50}`, name: `User ${i % 50}` }] },
    created: { type: 'CREATED_TIME', value: day.toISOString().slice(0, 19) + 'Z' },
  });
}
const context = { now: new Date('2024-06-01T00:00:00Z'), user: 'user1' };

function compiledPath() {
  return runQuery(records, compileQuery(parseQuery(QUERY), fields, context)).records;
}

function plainPath() {
  return records
    .filter((r) => (r.status.value === 'Open' || r.status.value === 'Review') && Number(r.amount.value) > 500)
    .sort((a, b) => {
      if (a.due.value !== b.due.value) return a.due.value < b.due.value ? 1 : -1;
      return Number(a.amount.value) - Number(b.amount.value);
    })
    .slice(0, 100);
}

function time(run) {
  for (let i = 0; i < WARMUP; i++) run();
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    globalThis.gc?.();
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const ids = (list) => list.map((r) => r.$id.value).join(',');
if (ids(compiledPath()) !== ids(plainPath())) {
  console.error('the compiled query and the plain JavaScript disagree on the page');
  process.exit(1);
}
const compiled = time(compiledPath);
const plain = time(plainPath);
const ratio = compiled / plain;
console.log(`query over ${COUNT.toLocaleString('en')} records: ${QUERY}`);
console.log(`  compiled (parse + compile + run): ${compiled.toFixed(2)} ms (median of ${RUNS})`);
console.log(`  plain filter/sort/slice:          ${plain.toFixed(2)} ms (median of ${RUNS})`);
console.log(`  ratio ${ratio.toFixed(2)} (target <= ${TARGET}): ${ratio <= TARGET ? 'PASS' : 'FAIL'}`);
if (ratio > TARGET) process.exitCode = 1;
