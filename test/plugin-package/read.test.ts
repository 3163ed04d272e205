/** The package reader the local service, validation and the planner share. */
import { describe, expect, it } from 'vitest';
import { PluginPackageError, readPluginPackage, ZipError } from '../../src/plugin-package/index.js';
import {
  manifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
  writeZip,
} from '../emulator/plugins/plugin-packages.js';

const key = newPluginKey();

describe('readPluginPackage', () => {
  it("gives the id of the package's key and its manifest's name, version and description", () => {
    const data = pluginPackage({ key, manifest: manifest('Scanner', 1.5, 'Scans codes') });
    expect(readPluginPackage(data, 'plugins/scanner.zip')).toEqual({
      id: pluginIdOf(key),
      name: 'Scanner',
      version: '1.5',
      description: 'Scans codes',
    });
  });

  it.each([
    ['bytes that are not a ZIP', Buffer.from('plug-in source'), 'plugins/x.zip is not a ZIP archive'],
    [
      'a ZIP without PUBKEY',
      pluginPackage({ key, manifest: manifest('A', 1), omit: 'PUBKEY' }),
      'plugins/x.zip has no PUBKEY.',
    ],
    [
      'a ZIP of other files',
      writeZip([{ name: 'manifest.json', content: '{}' }]),
      'plugins/x.zip has no contents.zip.',
    ],
    [
      'a package signed with another key',
      pluginPackage({ key, manifest: manifest('A', 1), signer: newPluginKey() }),
      'SIGNATURE does not verify contents.zip with the key in PUBKEY.',
    ],
  ])('refuses %s with a PluginPackageError naming the file', (_case, data, message) => {
    expect(() => readPluginPackage(data, 'plugins/x.zip')).toThrow(PluginPackageError);
    expect(() => readPluginPackage(data, 'plugins/x.zip')).toThrow(message);
  });

  it('throws ZIP errors as PluginPackageErrors too, so callers catch one class', () => {
    expect(new ZipError('x')).toBeInstanceOf(PluginPackageError);
  });
});
