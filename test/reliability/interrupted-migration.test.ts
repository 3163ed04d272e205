import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startApply } from './apply-process.js';
import {
  call,
  EMU_ENV,
  emulatorAndProject,
  holdNextPost,
  writeEmuProject,
  type Cleanups,
} from './emulator-process.js';

/**
 * Ctrl-C during a field migration's copy (docs/migrations.md): apply removes the temporary field
 * again and every app is as before, so it is an interrupt (exit 130, README's apply row), not a
 * failure rolled back (exit 1). Found by the interrupt sweep: it exited 1, its message starting
 * " copying the values of ... was interrupted." in lower case.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const field = (label: string, type: string) => ({ type, label });

describe('Ctrl-C during a migration’s copy', { timeout: 60_000 }, () => {
  it('exits 130, says the field is as it was, and the next apply migrates', async () => {
    const { emu, project } = await emulatorAndProject('interrupted-migration', cleanups, 'SIGTERM', 50);
    const title = field('Title', 'SINGLE_LINE_TEXT');
    const run = await writeEmuProject(project.path, emu.url, {
      orders: { name: 'Orders', fields: { title, notes: field('Notes', 'MULTI_LINE_TEXT') } },
    });
    expect((await run('apply', '--yes')).code).toBe(0);
    const records = Array.from({ length: 50 }, (_, i) => ({ notes: { value: `note ${i}` } }));
    expect((await call(emu.url, 'POST', '/k/v1/records.json', { app: '1', records })).status).toBe(200);
    const migrated = { name: 'Orders', fields: { title, notes: field('Notes', 'SINGLE_LINE_TEXT') } };
    await writeFile(join(project.path, 'apps', 'orders.yaml'), stringify(migrated));
    // The copy's write is held: Ctrl-C lands while it waits.
    await holdNextPost(emu.url, '^/k/v1/bulkRequest\\.json$', 3000);
    const applying = startApply(project.path, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    await applying.waitFor('orders: copying the values of notes');
    applying.child.kill('SIGINT');
    expect(await applying.exited, applying.stderr()).toEqual({ code: 130, signal: null });
    expect(applying.stdout().split('\n\n').at(-1)).toMatchInlineSnapshot(`
      "Copying the values of orders field notes into notes__migrating was interrupted. Every app is as before (drafts reverted). Run \`npx appdeploy apply --env emu\` again when ready. Migration of orders field notes: stopped before the swap; the temporary field notes__migrating was removed, the field and its values are as they were.
      "
    `);
    const again = await run('apply', '--yes');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
    const read = await call(emu.url, 'GET', '/k/v1/records.json?app=1&query=order%20by%20%24id%20asc');
    expect((read.body.records as { notes: { value: string } }[]).map((r) => r.notes.value)).toEqual(
      records.map((r) => r.notes.value),
    );
  });
});
