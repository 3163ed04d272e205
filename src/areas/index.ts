/**
 * The area table: every settings area, in the order apply writes them. plan/, apply/ and
 * export/ loop over it and never name an area.
 */
import { fieldsArea } from './fields/index.js';
import { layoutArea } from './layout.js';
import type { Area } from './types.js';

export const AREAS: readonly Area[] = [fieldsArea, layoutArea];

export type * from './types.js';
export { AREA_KEYS, WRITE_PHASES } from './types.js';
