/**
 * The ZIP reader lives in src/plugin-package/ (the deployer reads packages too); this path is
 * kept because the local service's tests import the reader from here.
 */
export { readZip, ZipError, type ZipEntry } from '../../plugin-package/index.js';
