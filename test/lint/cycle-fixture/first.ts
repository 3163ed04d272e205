// A runtime cycle on purpose (first -> second -> third -> first), for import-cycles.test.ts.
import { third } from './third.js';

export const first = (): string => `first, then ${third.name}`;
