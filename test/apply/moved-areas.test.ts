/**
 * A saved plan refused because a revision moved names only the areas that really changed since
 * the plan was made (issue 32 item 5): in an app with a process, the platform's built-in
 * "(Assigned to me)" view is in the views the plan read, and is no change of the views.
 * End to end: `plan --out`, someone relabels a field, `apply PLANFILE`.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runMain } from '../support/main-in-process.js';
import { ADMIN } from '../support/users.js';
import { manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const TICKETS = {
  ...manifest('Tickets', { subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' } }),
  views: { Open: { type: 'LIST', fields: ['subject'] } },
  process: {
    enable: true,
    states: { Open: {}, Done: {} },
    actions: [{ name: 'Finish', from: 'Open', to: 'Done' }],
  },
};

async function project(tickets: Record<string, unknown>, id?: string): Promise<string> {
  const dir = dirs[0] ?? (await mkdtemp(join(tmpdir(), 'appdeploy-moved-')));
  if (dirs.length === 0) dirs.push(dir);
  await mkdir(join(dir, 'apps'), { recursive: true });
  await writeFile(join(dir, 'apps', 'tickets.yaml'), stringify(tickets));
  const app = { manifest: 'apps/tickets.yaml', ...(id ? { ids: { staging: Number(id) } } : {}) };
  await writeFile(
    join(dir, 'appdeploy.yaml'),
    stringify({ environments: { staging: { baseUrl: h.url, auth: ADMIN } }, apps: { tickets: app } }),
  );
  return dir;
}

describe('a saved plan refused because a revision moved', () => {
  it('names the fields alone when a field label changed, in an app with a process', async () => {
    const dir = await project(TICKETS);
    const applied = await runMain(['apply', '--yes', '-C', dir]);
    expect(applied.code, applied.err).toBe(0);
    const id = /staging: (\d+)/.exec(await readFile(join(dir, 'appdeploy.yaml'), 'utf8'))![1]!;
    // The app's views hold the built-in "(Assigned to me)" view besides the manifest's.
    const { views } = await h.client.settings.getViews({ app: id, copy: 'live' });
    expect(Object.values(views).some((v) => (v as { builtinType?: string }).builtinType === 'ASSIGNEE')).toBe(
      true,
    );
    await project({ ...TICKETS, views: { ...TICKETS.views, Mine: { type: 'LIST', fields: [] } } }, id);
    const planFile = join(dir, 'plan.json');
    const planned = await runMain(['plan', '-C', dir, '--out', planFile]);
    expect(planned.code, planned.err).toBe(0);
    // Someone relabels the field after the plan was made.
    await h.client.form.updateFields({
      app: id,
      properties: { subject: { type: 'SINGLE_LINE_TEXT', label: 'Title' } } as never,
    });
    const refused = await runMain(['apply', '--yes', '-C', dir, planFile]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(
      /^Apply refused, nothing was changed: tickets: its draft revision moved from \d+ to \d+ \(fields changed\) since the plan was made; plan again\.$/m,
    );
  });
});
