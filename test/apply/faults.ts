/**
 * Requests a test makes the local service fail, through its fault control (`/_emulator/faults`):
 * named once here, so a test says which write fails rather than spelling its pattern again.
 */
import type { useApplyHarness } from './harness.js';

type Harness = Pick<ReturnType<typeof useApplyHarness>, 'control'>;

/** Each request as the fault control matches it: a method and a path pattern. */
export const REQUEST = {
  addFields: { method: 'POST', path: '^/k/v1/preview/app/form/fields\\.json$' },
  removeFields: { method: 'DELETE', path: '^/k/v1/preview/app/form/fields\\.json$' },
  updateFields: { method: 'PUT', path: '^/k/v1/preview/app/form/fields\\.json$' },
  layout: { method: 'PUT', path: '^/k/v1/preview/app/form/layout\\.json$' },
  views: { method: 'PUT', path: '^/k/v1/preview/app/views\\.json$' },
  plugin: { method: 'PUT', path: '^/k/v1/plugin\\.json$' },
} as const;

export type FaultRequest = (typeof REQUEST)[keyof typeof REQUEST];

/**
 * Makes `request` answer 500: `times` times (every time when left out), each answer held back
 * `delayMs` when given, after letting the first `skip` such requests through.
 */
export function answer500(
  h: Harness,
  request: FaultRequest,
  more: { times?: number; delayMs?: number; skip?: number } = {},
): Promise<unknown> {
  return h.control('POST', '/_emulator/faults', { ...request, status: 500, ...more });
}
