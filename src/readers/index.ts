/**
 * What the planner and apply both read, and read alike: the local files a manifest names, the
 * plug-in packages a project carries, the service's files (by hash), and the placeholder an app
 * not created yet stands under. Neither plan/ nor apply/ owns them, so neither reaches into the
 * other for them.
 */
export { downloadHasher } from './download-hash.js';
export { hashLocalFiles, type LocalFile } from './local-files.js';
export { appPlaceholder } from './placeholder.js';
export { readLocalPackage, type LocalPluginPackage } from './plugin-package.js';
