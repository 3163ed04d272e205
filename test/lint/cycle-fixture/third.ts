import { second } from './second.js';
// Type-only imports vanish at runtime: neither of these closes a cycle of its own.
import type { TypeOnly } from './type-only.js';
import { type Other } from './type-only.js';

export const third = { name: 'third', next: second };
export type Both = TypeOnly | Other;
