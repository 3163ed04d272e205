// The library's public entry.
export { AppdeployError } from './errors.js';
export * from './client/index.js';
export * from './project/index.js';
export * as query from './query/index.js';
export {
  startEmulator,
  type EmulatorOptions,
  type EmulatorUser,
  type RunningEmulator,
} from './emulator/index.js';
