// The library's public entry.
export { AppdeployError } from './errors.js';
