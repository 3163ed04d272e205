/**
 * A system plug-in's package as the project carries it: read from disk, checked, hashed. The
 * planner compares it with what the service has installed; apply reads it again and checks the
 * bytes did not change since the plan.
 */
import { resolve } from 'node:path';
import { AppdeployError } from '../errors.js';
import { readHashed } from './local-files.js';
import { PluginPackageError, readPluginPackage, type PluginPackage } from '../plugin-package/index.js';

export interface LocalPluginPackage extends PluginPackage {
  /** Relative to the project's folder, forward slashes. */
  path: string;
  sha256: string;
}

/** Reads the package at `path` (relative to `root`); an unreadable or invalid one is an error. */
export async function readLocalPackage(root: string, path: string): Promise<LocalPluginPackage> {
  const relativeTo = 'a plug-in item’s path is relative to its manifest';
  const { data, sha256 } = await readHashed(resolve(root, path), path, relativeTo);
  let pkg: PluginPackage;
  try {
    pkg = readPluginPackage(data, path);
  } catch (error) {
    if (!(error instanceof PluginPackageError)) throw error;
    throw new AppdeployError('PLUGIN.PACKAGE', `${path}: not a plug-in package: ${error.message}`, {
      hint: 'Name the signed package (contents.zip, PUBKEY, SIGNATURE), or run `npx appdeploy validate`.',
      cause: error,
    });
  }
  return { ...pkg, path, sha256 };
}
