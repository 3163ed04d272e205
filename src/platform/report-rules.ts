/**
 * What a graph may hold beyond its body's shapes, as data both validate
 * (project/checks/reports.ts) and the local service (emulator/validate/reports.ts) read. cybozu.dev,
 * "アプリのグラフ設定の変更する" (Update Graph Settings):
 * - `reports.<name>.groups`: "chartTypeが「PIVOT_TABLE」の場合には、2つ以上指定してください" (a
 *   pivot table takes two groups or more; three at most, as for every graph);
 * - `reports.<name>.index`: "値が重複していると、エラーになります" (two graphs with one index are
 *   an error; indexes compare as numbers, as views' do: platform/view-rules.ts). Apply writes each
 *   graph's position as its index, so only the local service checks this one.
 * The platform's error code for these is not recorded: the local service answers 400 CB_VA01.
 */
export { repeatedViewIndexes as repeatedReportIndexes } from './view-rules.js';

/** The fewest groups a graph of `chartType` takes. */
export function minGroups(chartType: string): number {
  return chartType === 'PIVOT_TABLE' ? 2 : 0;
}
