/**
 * Pure: references to apps that neither have an id in the environment nor are in the plan. An app
 * without an id stands under its placeholder (`{customers}`) until the apply that creates it; a
 * plan narrowed with `--app` that leaves that app out would send the placeholder itself, which
 * the service refuses, after creating the apps before it. Such a reference is `blocked`, naming
 * the app to include.
 */
import type { Json } from '../areas/types.js';
import type { AppPlan, Risk } from './types.js';
import { appPlaceholder } from '../readers/index.js';

export function unresolvedReferences(
  app: Pick<AppPlan, 'key' | 'areas'>,
  /** Apps of the project without an id in the environment, left out of the plan. */
  missing: readonly string[],
  environment: string,
  planned: readonly string[],
): Risk[] {
  const risks: Risk[] = [];
  for (const other of missing) {
    const placeholder = appPlaceholder(other);
    for (const area of app.areas) {
      if (area.action === 'no-op') continue;
      for (const path of pathsOf(area.after, placeholder))
        risks.push({
          kind: 'blocked',
          area: area.key,
          path,
          reason: `it names app ${other}, which has no id in environment ${environment} yet and is not in this plan`,
          instead: `include it: ${[other, ...planned].map((k) => `--app ${k}`).join(' ')} (or apply ${other} first)`,
        });
    }
  }
  return risks;
}

/** Every path in `value` at which the string `text` stands. */
function pathsOf(value: Json, text: string, at: (string | number)[] = []): (string | number)[][] {
  if (value === text) return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => pathsOf(item, text, [...at, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => pathsOf(item, text, [...at, key]));
  return [];
}
