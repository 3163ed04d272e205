/**
 * The time zone a date migration converts in (docs/migrations.md, `timeZone`): the field's
 * `migrate.timeZone`, else the environment's `timeZone` in appdeploy.yaml, else the planning
 * machine's; the plan names the zone and where it comes from, and apply converts in the zone its
 * plan named. Expected instants are worked out from the zones' offsets on those dates (Tokyo
 * +09:00 all year; New York -05:00 before its 2026 switch on March 8; Berlin +01:00 in winter).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/project/index.js';
import { renderText } from '../../src/render/index.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const V1 = { name: 'Visits', fields: { day: { type: 'DATE', label: 'Day' } } };
const v2 = (migrate?: Record<string, unknown>) => ({
  name: 'Visits',
  fields: { day: { type: 'DATETIME', label: 'Day', ...(migrate ? { migrate } : {}) } },
});
const DATES = ['2026-03-02', '2026-01-01', '2026-12-31'];

/** appdeploy.yaml's local environment given this time zone (or none), the project loaded again. */
async function withEnvironmentZone(project: Project, zone: string | null): Promise<Project> {
  const text = await readFile(project.configPath, 'utf8');
  const local = zone === null ? 'local: {}' : `local:\n    timeZone: ${zone}`;
  await writeFile(project.configPath, text.replace(/local:( \{\}|\n {4}timeZone: .*)/, local));
  return h.load(project.root);
}

async function started(migrate?: Record<string, unknown>) {
  return migrationStarted(
    h,
    'visits',
    { from: V1, to: v2(migrate) },
    DATES.map((day) => ({ day: { value: day } })),
  );
}

async function values(id: string): Promise<string[]> {
  const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
  return records.map((r) => r.day?.value as string);
}

/** The plan's lines about the migration's zone. */
function zoneLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.includes('Time zone:'))
    .map((line) => line.trim());
}

describe('the time zone of a date migration', () => {
  it.each([
    {
      case: "the environment's timeZone, when the field gives none",
      migrate: undefined,
      line: "Time zone: Asia/Tokyo (the environment's timeZone).",
      zone: { name: 'Asia/Tokyo', source: 'environment' },
      after: ['2026-03-01T15:00:00Z', '2025-12-31T15:00:00Z', '2026-12-30T15:00:00Z'],
    },
    {
      case: "the field's migrate.timeZone, over the environment's",
      migrate: { timeZone: 'America/New_York' },
      line: 'Time zone: America/New_York (migrate.timeZone).',
      zone: { name: 'America/New_York', source: 'migrate' },
      after: ['2026-03-02T05:00:00Z', '2026-01-01T05:00:00Z', '2026-12-31T05:00:00Z'],
    },
  ])('is $case: named in the plan, used by apply', async ({ migrate, line, zone, after }) => {
    const { v2: project, id } = await started(migrate);
    const zoned = await withEnvironmentZone(project, 'Asia/Tokyo');
    const plan = await h.plan(zoned);
    expect(plan.apps[0]!.migrations?.[0]?.timeZone).toEqual(zone);
    expect(zoneLines(renderText(plan, { color: false }))).toEqual([line]);
    const result = await h.apply(zoned, plan);
    expect(result.exitCode, result.message).toBe(0);
    expect(await values(id)).toEqual(after);
    await h.expectConverged(zoned);
  });

  it('is the one the plan named, though appdeploy.yaml names another by the time apply runs', async () => {
    const { v2: project, id } = await started();
    const plan = await h.plan(await withEnvironmentZone(project, 'Asia/Tokyo'));
    const changed = await withEnvironmentZone(project, 'Europe/Berlin');
    const result = await h.apply(changed, plan);
    expect(result.exitCode, result.message).toBe(0);
    expect(await values(id)).toEqual([
      '2026-03-01T15:00:00Z',
      '2025-12-31T15:00:00Z',
      '2026-12-30T15:00:00Z',
    ]);
  });

  it("is the planning machine's without either, and the plan says how to fix it", async () => {
    const { v2: project } = await started();
    const plan = await h.plan(project);
    const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(plan.apps[0]!.migrations?.[0]?.timeZone).toEqual({ name: machine, source: 'machine' });
    expect(zoneLines(renderText(plan, { color: false }))).toEqual([
      `Time zone: ${machine}, this machine's: set timeZone on the environment in appdeploy.yaml (or migrate.timeZone on the field) so that every machine converts alike.`,
    ]);
  });

  it('is not named where it decides nothing (a text conversion)', async () => {
    const { v2: project } = await migrationStarted(
      h,
      'notes',
      {
        from: { name: 'Notes', fields: { note: { type: 'MULTI_LINE_TEXT', label: 'Note' } } },
        to: { name: 'Notes', fields: { note: { type: 'SINGLE_LINE_TEXT', label: 'Note' } } },
      },
      [{ note: { value: 'one line' } }],
    );
    const plan = await h.plan(await withEnvironmentZone(project, 'Asia/Tokyo'));
    expect(plan.apps[0]!.migrations?.[0]).not.toHaveProperty('timeZone');
    expect(zoneLines(renderText(plan, { color: false }))).toEqual([]);
  });
});
