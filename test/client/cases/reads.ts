import type { Client, Copy } from '../../../src/client/index.js';
import type { EndpointCase } from './types.js';

/**
 * The two reads of one app setting, live (`/k/v1/<path>`) and draft (its `preview/` twin), through
 * the one client method that takes `copy`; app 3 throughout.
 */
export function readCases(
  method: string,
  path: string,
  call: (client: Client, copy: Copy) => Promise<unknown>,
  answers: { live: unknown; draft: unknown; liveQuery?: string },
): EndpointCase[] {
  return (['live', 'draft'] as const).map((copy) => ({
    endpoint: `GET /k/v1/${copy === 'draft' ? 'preview/' : ''}${path}`,
    method: `${method}({ copy: '${copy}' })`,
    call: (c) => call(c, copy),
    query: copy === 'live' ? (answers.liveQuery ?? 'app=3') : 'app=3',
    response: answers[copy],
  }));
}

/** The read parameters of a setting whose live read takes `lang` (answered in English here). */
export const localized = (copy: Copy) =>
  copy === 'live' ? { app: 3, copy, lang: 'en' as const } : { app: 3, copy };
