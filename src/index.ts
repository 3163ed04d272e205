// The library's public entry.
export { AppdeployError } from './errors.js';
export * from './client/index.js';
export * from './project/index.js';
// client/ and project/ both name the field types (client/ keeps its own copy, test/platform holds
// them equal); the platform's is the one the library exports.
export type { FieldType, SystemFieldType } from './platform/index.js';
export * as query from './query/index.js';
export {
  startEmulator,
  type EmulatorOptions,
  type EmulatorUser,
  type RunningEmulator,
} from './emulator/index.js';
