/**
 * Plug-in packages (the ZIP a system administrator installs): read, check the signature, work
 * out the id. Standalone: node's built-ins only, so the local service and the deployer share it
 * without depending on each other.
 */
export { PluginPackageError } from './errors.js';
export { readPluginPackage, pluginId, type PluginPackage } from './read.js';
export { readZip, ZipError, type ZipEntry } from './zip.js';
