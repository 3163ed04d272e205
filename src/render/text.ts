/**
 * The terminal rendering, after Terraform's plan output: the environment, what could go wrong
 * (before the changes, so that it is read first), the symbols in use, the system plug-ins to
 * install or update, one block per app that changes, and the summary line. Colour is the
 * caller's decision (a terminal, no NO_COLOR).
 */
import { checkLines } from './check.js';
import { append } from './append.js';
import type { AppPlan, Plan } from '../plan/types.js';
import { appLines, appTitle } from './changes.js';
import { summaryPhrase } from './counts.js';
import { ansiPaint, BLANK, layoutLine, noPaint, type Line, type Marker, type Paint } from './lines.js';
import { deploySteps, heldSentences, heldTitle } from './held.js';
import { appsWithLeftOut, leftOutSentences, leftOutTitle } from './left-out.js';
import { planChanges, pluginLines } from './plugins.js';
import { capitalise, describeRisk } from './risks.js';
import { tokenLimitLines } from './token-limits.js';
import { directoryCheckLines } from './directory-check.js';
import { newAppLines } from './new-apps.js';
import { migrationSentences } from './migrations.js';

export interface TextOptions {
  /** ANSI colours: the CLI sets it on a terminal when NO_COLOR is not set. */
  color: boolean;
}

const LEGEND: readonly [Marker, string][] = [
  ['+', 'add'],
  ['~', 'change'],
  ['-', 'remove'],
  ['-/+', 'replace (remove, then add again: the data is lost)'],
];

/** The replace marker's meaning when a plan migrates a field: its line says whether values are kept. */
const MIGRATING_REPLACE =
  'replace (remove, then add again: the data is lost, unless the line says values kept)';

/** Each migrating field of the app: what converts, what does not, the requests, the window. */
function migrationBlock(app: AppPlan, paint: Paint): string[] {
  const sentences = migrationSentences(app);
  if (sentences.length === 0) return [];
  return [
    `${paint('Note:', 'bold')} app ${JSON.stringify(app.key)} migrates ${sentences.length === 1 ? 'a field' : `${sentences.length} fields`}, keeping the values:`,
    '',
    ...sentences.flatMap((s) => [`  ${s.title}`, ...s.lines.map((line) => `    ${line}`)]),
    '',
  ];
}

export function renderText(plan: Plan, options: TextOptions): string {
  const paint = options.color ? ansiPaint : noPaint;
  const out: string[] = [
    `${paint(`appdeploy plan for environment ${JSON.stringify(plan.environment)}`, 'bold')}, as of ${plan.createdAt}`,
    '',
    ...checkLines(plan, paint),
    ...tokenLimitLines(plan, paint),
    ...directoryCheckLines(plan, paint),
    ...newAppLines(plan, paint),
    ...plan.apps.flatMap((app) => riskBlocks(app, paint)),
    ...plan.apps.flatMap((app) => migrationBlock(app, paint)),
    ...appsWithLeftOut(plan).flatMap((app) => [
      `${paint('Note:', 'bold')} ${leftOutTitle(plan, app)}`,
      '',
      ...leftOutSentences(plan, app).map((text) => `  ${text}`),
      '',
    ]),
  ];
  if (!planChanges(plan)) {
    out.push(`${paint('No changes.', 'bold')} The apps match the manifests.`);
    return `${out.join('\n')}\n`;
  }
  const blocks = append([pluginLines(plan.plugins)], plan.apps.map(appLines)).filter(
    (lines) => lines.length > 0,
  );
  const used = new Set(blocks.flat().map((line) => line.marker));
  const migrating = plan.apps.some((app) => (app.migrations ?? []).length > 0);
  const legend: Line[] = LEGEND.filter(([marker]) => used.has(marker)).map(([marker, text]) => ({
    depth: 0,
    marker,
    text: marker === '-/+' && migrating ? MIGRATING_REPLACE : text,
  }));
  const body = blocks.flatMap((lines) => [...lines, BLANK]);
  if (deploySteps(plan) > 1)
    append(
      out,
      [`${paint('Note:', 'bold')} ${heldTitle(plan)}`, ''],
      heldSentences(plan).map((h) => `  ${h.text}`),
      [''],
    );
  append(
    out,
    ['Actions are shown with these symbols:'],
    legend.map((line) => layoutLine(line, paint)),
    ['', 'appdeploy will perform the following actions:', ''],
    body.map((line) => layoutLine(line, paint)),
    [`${paint('Plan:', 'bold')} ${summaryPhrase(plan.summary)}.`],
  );
  return `${out.join('\n')}\n`;
}

/**
 * One block per risk, as Terraform words its diagnostics: `Error:` for what stops the apply or
 * its deploy, `Warning:` for a consequence to accept knowingly.
 */
function riskBlocks(app: AppPlan, paint: Paint): string[] {
  return app.risks.flatMap((risk) => {
    const view = describeRisk(risk, app.key);
    const label = paint(`${view.severity}:`, view.severity === 'Error' ? 'red' : 'yellow');
    const lines = [
      `${paint(label, 'bold')} ${paint(`${view.title} in ${appTitle(app)}`, 'bold')}`,
      '',
      `  ${view.subject === null ? capitalise(view.message) : `${view.subject}: ${view.message}`}`,
    ];
    if (view.instead !== undefined) lines.push(`  Instead: ${view.instead}`);
    if (view.query !== undefined) lines.push(`  List them with the query: ${view.query}`);
    if (view.usedBy !== undefined) lines.push('  Still named in:', ...view.usedBy.map((u) => `    - ${u}`));
    return [...lines, ''];
  });
}
