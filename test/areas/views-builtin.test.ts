/**
 * The built-in view "(Assigned to me)" is not the user's: plan never removes it, export leaves it
 * out, and a views write sends it back unchanged in its place (kintone's Update Views
 * documentation: views left out are deleted; name it while process management is on).
 */
import { describe, expect, it } from 'vitest';
import { viewsArea, type ViewCanonical, type ViewsCanonical } from '../../src/areas/views.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';

const BUILT_IN: ViewCanonical = {
  type: 'LIST',
  index: '0',
  builtinType: 'ASSIGNEE',
  filterCond: 'Assignee in (LOGINUSER())',
  sort: 'Record_number desc',
  fields: ['Record_number'],
};
const ALL: ViewCanonical = { type: 'LIST', index: '1', filterCond: '', sort: '', fields: ['Record_number'] };
const current: ViewsCanonical = { '(Assigned to me)': BUILT_IN, All: ALL };

describe('views: the built-in view in plan and export (pure)', () => {
  it.each([
    ['the same user views', { All: { type: 'LIST' as const, fields: ['Record_number'] } }, []],
    ['no views at all', {}, [['remove', 'All']]],
    [
      'another view added',
      { All: { type: 'LIST' as const, fields: ['Record_number'] }, Mine: { type: 'LIST' as const } },
      [['add', 'Mine']],
    ],
  ])('%s: the built-in view is never a change', (_case, views, changes) => {
    const desired = viewsArea.fromManifest({ name: 'x', views }, resolveContext())!;
    expect(viewsArea.diff(desired, current).map((c) => [c.action, ...c.path])).toEqual(changes);
  });

  it('counts only the user views as unchanged', () => {
    const desired = viewsArea.fromManifest(
      { name: 'x', views: { All: { type: 'LIST', fields: ['Record_number'] } } },
      resolveContext(),
    )!;
    expect(viewsArea.unchangedCount(desired, current, [])).toBe(1);
  });

  it('export leaves it out', () => {
    expect(viewsArea.toManifest(current, exportContext())).toEqual({
      views: { All: { type: 'LIST', fields: ['Record_number'] } },
    });
  });
});

describe('views of a process-enabled app against the emulator', () => {
  const emu = useAreaEmulator();

  async function processApp(): Promise<string> {
    const app = await emu.newApp();
    await emu.client().settings.updateProcessManagement({ app, enable: true });
    await emu.deploy(app);
    return app;
  }

  it('applies user views around it, keeps it unchanged, and a fresh diff is empty', async () => {
    const app = await processApp();
    const before = await emu.client().settings.getViews({ app, copy: 'live' });
    const builtIn = before.views['(Assigned to me)'];
    expect(builtIn).toMatchObject({ builtinType: 'ASSIGNEE' });
    const desired = viewsArea.fromManifest(
      {
        name: 'x',
        views: {
          Open: { type: 'LIST', fields: ['Record_number'] },
          Late: { type: 'LIST', sort: 'Record_number asc' },
        },
      },
      resolveContext(),
    )!;
    const live = await emu.apply(viewsArea, app, desired);
    expect(viewsArea.diff(desired, live)).toEqual([]);
    const after = await emu.client().settings.getViews({ app, copy: 'live' });
    expect(after.views['(Assigned to me)']).toEqual(builtIn);
    expect(Object.keys(after.views)).toEqual(['(Assigned to me)', 'Open', 'Late']);
  });

  it('exports its views without it, and the export plans to no changes', async () => {
    const app = await processApp();
    const { value } = await viewsArea.read(emu.readContext(app, 'live'));
    const exported = viewsArea.toManifest(value, exportContext());
    expect(Object.keys(exported.views!)).toEqual(['All records']);
    const desired = viewsArea.fromManifest({ name: 'x', ...exported }, resolveContext())!;
    expect(viewsArea.diff(desired, value)).toEqual([]);
    expect(viewsArea.writes(desired, value)).toEqual([]);
  });
});
