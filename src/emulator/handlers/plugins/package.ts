/**
 * The local service's side of a plug-in package: the reading itself is src/plugin-package/
 * (shared with the deployer); here a package that does not read becomes the platform's answer,
 * 400 GAIA_PL03, saying what is wrong with the file the parameter `path` named.
 */
import {
  PluginPackageError,
  readPluginPackage as readPackage,
  type PluginPackage,
} from '../../../plugin-package/index.js';
import { ApiError } from '../../errors.js';

export type { PluginPackage };

export function readPluginPackage(data: Buffer, path: string): PluginPackage {
  try {
    return readPackage(data, 'The uploaded file');
  } catch (error) {
    if (error instanceof PluginPackageError) throw notAPlugin(path, error.message);
    throw error;
  }
}

function notAPlugin(path: string, why: string): ApiError {
  const message = `The file is not a plug-in package: ${why} A package is a ZIP holding contents.zip (with manifest.json), PUBKEY and SIGNATURE.`;
  return new ApiError(400, 'GAIA_PL03', message, { [path]: { messages: [why] } });
}
