import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { PluginPackageError, readPluginPackage } from '../../plugin-package/index.js';
import type { CheckContext } from './context.js';

const PACKAGE_HINT =
  'A plug-in package is the signed ZIP a system administrator installs (contents.zip, PUBKEY, SIGNATURE), not the plug-in’s source folder zipped.';

/**
 * Plug-in packages named by `plugins[].path`: the file exists beside the manifest, reads as a
 * signed package, and is the plug-in the item's `id` names (the id comes from the package's key,
 * so a package of another plug-in would be installed under another id than the app asks for).
 */
export async function checkPluginPackages(ctx: CheckContext): Promise<void> {
  const base = dirname(ctx.app.source.path);
  await Promise.all(
    (ctx.manifest.plugins ?? []).map(async (item, i) => {
      if (item.path === undefined) return;
      const at = ['plugins', i, 'path'];
      const full = resolve(base, item.path);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) {
        ctx.report('FILE.NOT_FOUND', `file "${item.path}" ${info ? 'is not a file' : 'does not exist'}`, at, {
          hint: 'Paths are relative to the folder of the manifest.',
        });
        return;
      }
      let id: string;
      try {
        id = readPluginPackage(await readFile(full), item.path).id;
      } catch (error) {
        const why =
          error instanceof PluginPackageError
            ? error.message
            : `cannot be read (${error instanceof Error ? error.message : String(error)})`;
        ctx.report('PLUGIN.PACKAGE', `not a plug-in package: ${why}`, at, { hint: PACKAGE_HINT });
        return;
      }
      if (id !== item.id)
        ctx.report(
          'PLUGIN.ID_MISMATCH',
          `the package "${item.path}" is plug-in ${id}, not ${item.id}`,
          ['plugins', i, 'id'],
          {
            hint: `A plug-in's id comes from the key its package is signed with: write id: ${id}, or name the package of ${item.id}.`,
          },
        );
    }),
  );
}
