import type { PathSegment, Problem } from './problems.js';

/**
 * What the YAML reader (yaml-source.ts) and the value builder it drives (yaml-build.ts) both speak
 * of, in a file of its own so that neither has to import the other's types back.
 */
export interface Location {
  file: string;
  line: number;
  col: number;
}

/** A reference to a variable that has no value; the loader decides whether it matters. */
export interface UnsetVariable {
  path: PathSegment[];
  problem: Problem;
}
