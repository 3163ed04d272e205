import { describe, expect, it } from 'vitest';
import { pluginsArea } from '../../src/areas/plugins.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';
import {
  manifest as pluginManifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
} from '../emulator/plugins/plugin-packages.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('plug-ins: manifest and canonical form', () => {
  it('is the sorted set of ids; names are for readers only', () => {
    const canonical = pluginsArea.fromManifest(
      { name: 'x', plugins: [{ id: B, name: 'Bee' }, { id: A }, { id: B }] },
      resolveContext(),
    );
    expect(canonical).toEqual([A, B]);
    expect(pluginsArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
    const exported = pluginsArea.toManifest(canonical!, exportContext());
    expectValidManifest(exported);
    expect(exported).toEqual({ plugins: [{ id: A }, { id: B }] });
  });
});

describe('plug-ins: diff and what cannot be done', () => {
  it.each([
    ['no change', [A, B], [A, B], [], []],
    ['one added', [A, B], [A], [['add', B]], []],
    ['one to remove: blocked', [A], [A, B], [['remove', B]], [[B]]],
  ])('%s', (_name, desired, current, changes, blocked) => {
    expect(pluginsArea.diff(desired, current).map((c) => [c.action, ...c.path])).toEqual(changes);
    expect(pluginsArea.blocked!(desired, current).map((b) => b.path)).toEqual(blocked);
  });

  it('says why a removal is blocked and what to do instead', () => {
    expect(pluginsArea.blocked!([], [A])).toEqual([
      {
        path: [A],
        reason: `the plug-in ${A} cannot be removed from an app through the interface (it can only add plug-ins)`,
        instead: "remove it in the app's settings in the browser, or keep it in the manifest",
      },
    ]);
    expect(pluginsArea.writes([], [A])).toEqual([]);
  });
});

describe('plug-ins against the emulator', () => {
  const emu = useAreaEmulator();

  async function install(name: string): Promise<string> {
    const key = newPluginKey();
    const zip = pluginPackage({ key, manifest: pluginManifest(name, 1) });
    const { fileKey } = await emu.client().files.upload(zip, { name: `${name}.zip` });
    await emu.client().plugins.installPlugin({ fileKey });
    return pluginIdOf(key);
  }

  it('adds the plug-ins, and after the deploy a fresh diff against live is empty', async () => {
    const ids = [await install('One'), await install('Two')].sort();
    const app = await emu.newApp();
    const live = await emu.apply(pluginsArea, app, ids);
    expect(pluginsArea.diff(ids, live)).toEqual([]);
  });
});
