/**
 * The target app's number precision (general settings' `numberPrecision`: the digits a NUMBER
 * holds in all and after the point), which a conversion into a NUMBER respects
 * (platform/conversions: a value with more decimals than the app keeps does not convert, as the
 * platform would round it). Read from the live settings, where records are written; only when a
 * migration's target is a NUMBER.
 */
import type { Client } from '../client/index.js';
import type { NumberPrecision } from '../platform/index.js';

export async function numberPrecisionFor(
  client: Client,
  app: string,
  targetTypes: readonly string[],
): Promise<NumberPrecision | undefined> {
  if (!targetTypes.includes('NUMBER')) return undefined;
  const { numberPrecision } = await client.settings.getGeneralSettings({ app, copy: 'live' });
  return numberPrecision;
}
