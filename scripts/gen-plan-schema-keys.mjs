// Writes the plan schema's area keys (schema/plan.schema.json, `$defs.areaKey.enum`) from the
// table of areas (src/areas/index.ts AREA_KEYS, whose keys are the settings catalogue's), as built
// into dist/ by `npm run build`: `npm run schema:plan` builds, writes, and builds again so the
// validators in dist/ carry the new list. `--check` writes nothing and exits 1 when the committed
// schema is stale (test/render/plan-schema-keys.test.ts runs it); `--schema <file>` works on
// another copy.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const at = args.indexOf('--schema');
const file = at >= 0 ? args[at + 1] : `${root}schema/plan.schema.json`;

const { AREA_KEYS } = await import(`${root}dist/areas/index.js`);
const text = readFileSync(file, 'utf8');
// The list replaced in the text, the rest of the file kept as it is written; then formatted as the
// repository formats JSON (prettier, its .prettierrc), so that a fresh file comes out unchanged.
const block = text.indexOf('"areaKey": {');
const open = text.indexOf('"enum": [', block);
const close = text.indexOf(']', open);
if (block < 0 || open < 0 || close < 0) throw new Error(`${file}: no $defs.areaKey.enum list`);
const replaced = `${text.slice(0, open)}"enum": ${JSON.stringify(AREA_KEYS)}${text.slice(close + 1)}`;
const options = (await prettier.resolveConfig(`${root}schema/plan.schema.json`)) ?? {};
const fresh = await prettier.format(replaced, { ...options, parser: 'json' });
const written = JSON.parse(fresh).$defs.areaKey.enum;
if (JSON.stringify(written) !== JSON.stringify(AREA_KEYS)) throw new Error(`${file}: areaKey not written`);

if (check) {
  if (fresh !== text) {
    process.stderr.write(
      `${file}: its area keys are not the table's (${AREA_KEYS.join(', ')}); run npm run schema:plan\n`,
    );
    process.exit(1);
  }
} else if (fresh !== text) {
  writeFileSync(file, fresh);
  process.stdout.write(`${file}: area keys written (${AREA_KEYS.length})\n`);
}
