import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AREA_KEYS } from '../../src/areas/index.js';

/**
 * schema/plan.schema.json's area keys are generated from the table of areas
 * (scripts/gen-plan-schema-keys.mjs, `npm run schema:plan`), reading dist/ as the global setup
 * builds it from src/ for this run: the committed schema must be what the script writes.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'gen-plan-schema-keys.mjs');
const COMMITTED = readFileSync(join(ROOT, 'schema', 'plan.schema.json'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'appdeploy-plan-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; stderr: string } {
  const res = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: res.status, stderr: res.stderr };
}

/** The committed schema with the table's last area left out of its list (an area added since). */
function stale(): string {
  const last = AREA_KEYS[AREA_KEYS.length - 1]!;
  const text = COMMITTED.replace(`,\n        "${last}"\n      ]`, '\n      ]');
  expect(text).not.toBe(COMMITTED);
  return text;
}

describe('the plan schema’s area keys', () => {
  it('are fresh: the script, run on the committed schema, would change nothing', () => {
    expect(run('--check')).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(COMMITTED).$defs.areaKey.enum).toEqual([...AREA_KEYS]);
  });

  it('are found stale when an area of the table is missing, with what to run', () => {
    const file = join(dir, 'stale.json');
    writeFileSync(file, stale());
    const res = run('--check', '--schema', file);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('run npm run schema:plan');
  });

  it('are written back to exactly the committed file, its layout kept', () => {
    const file = join(dir, 'regenerated.json');
    writeFileSync(file, stale());
    execFileSync(process.execPath, [SCRIPT, '--schema', file], { cwd: ROOT });
    expect(readFileSync(file, 'utf8')).toBe(COMMITTED);
  });
});
