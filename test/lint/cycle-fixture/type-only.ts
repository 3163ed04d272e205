import { third } from './third.js';

// Imports third only to name its type: erased, so third <-> type-only is no runtime cycle.
export type TypeOnly = typeof third;
export interface Other {
  other: true;
}
