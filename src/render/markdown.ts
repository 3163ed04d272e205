/**
 * The pull-request comment: the summary first (a table a reviewer takes in at a glance, and one of
 * the system plug-ins the project carries), then what could go wrong, then per app the text
 * rendering in a collapsed diff block and, where the process changes, its state diagram before
 * and after.
 */
import { checkMarkdown } from './check.js';
import { append } from './append.js';
import type { AppPlan, AreaPlan, Plan } from '../plan/types.js';
import { appLines } from './changes.js';
import { countApp, summaryPhrase } from './counts.js';
import { diffLine } from './lines.js';
import { markdownText, codeSpan, fenced, htmlText, tableCell } from './markdown-text.js';
import { asProcess, stateDiagram, statesMissingFrom, type DiagramProcess } from './mermaid.js';
import { deploySteps, heldSentences, heldTitle } from './held.js';
import { appsWithLeftOut, leftOutSentences, leftOutTitle } from './left-out.js';
import { planChanges, pluginTable } from './plugins.js';
import { describeRisk } from './risks.js';
import { tokenLimitSection } from './token-limits.js';
import { directoryCheckSection } from './directory-check.js';
import { newAppSection } from './new-apps.js';
import { migrationSentences } from './migrations.js';
import { fitMarkdown } from './markdown-fit.js';

/**
 * The comment's first line when no environment is known (a project that does not validate, run
 * without --env). A CI step finds its earlier comment by the first line and edits it.
 */
export const MARKDOWN_MARKER = '<!-- appdeploy-plan -->';

/**
 * The comment's first line for a plan of `environment`: a pull request planned for staging and
 * for production keeps one comment each, rather than each plan overwriting the other's. The name
 * is percent-encoded so that no environment name can end the HTML comment early.
 */
export function markdownMarker(environment: string | undefined): string {
  return environment === undefined
    ? MARKDOWN_MARKER
    : `<!-- appdeploy-plan env=${encodeURIComponent(environment)} -->`;
}

const ADDED_STYLE = 'fill:#dafbe1,stroke:#1a7f37';
const REMOVED_STYLE = 'fill:#ffebe9,stroke:#cf222e';

/**
 * `maxLength`: the most characters the comment may have (`GITHUB_COMMENT_LIMIT` for a comment on
 * GitHub); the details of apps that do not fit are left out with a note (markdown-fit.ts).
 * Undefined or 0: the whole plan.
 */
export function renderMarkdown(plan: Plan, options: { maxLength?: number } = {}): string {
  const changed = planChanges(plan);
  const title = `### appdeploy plan for ${codeSpan(plan.environment)}: ${changed ? summaryPhrase(plan.summary) : 'no changes'}`;
  const out = [
    markdownMarker(plan.environment),
    title,
    '',
    ...checkMarkdown(plan),
    `Planned at ${plan.createdAt}.`,
    '',
  ];
  if (changed) append(out, summaryTable(plan.apps), [''], pluginTable(plan.plugins));
  append(
    out,
    tokenLimitSection(plan),
    directoryCheckSection(plan),
    newAppSection(plan),
    riskList(plan.apps),
    migrationList(plan.apps),
  );
  if (deploySteps(plan) > 1)
    append(
      out,
      [`> [!NOTE]`, `> ${markdownText(heldTitle(plan))}`, ''],
      heldSentences(plan).map((h) => `- ${markdownText(h.text)}`),
      [''],
    );
  for (const app of appsWithLeftOut(plan))
    out.push(
      `> [!NOTE]`,
      `> ${markdownText(leftOutTitle(plan, app))}`,
      '',
      ...leftOutSentences(plan, app).map((text) => `- ${markdownText(text)}`),
      '',
    );
  if (!changed) out.push('No changes. The apps match the manifests.', '');
  const details = plan.apps
    .filter((app) => app.action !== 'no-op')
    .map((app) => ({ key: app.key, lines: appDetails(app) }));
  return fitMarkdown(out, details, options.maxLength);
}

/** Each app action in the summary table's words: a table, so that every action has them. */
const APP_ACTION_WORDS: Readonly<Record<AppPlan['action'], string>> = {
  'no-op': 'no changes',
  update: 'update',
  'create-app': 'create',
  deploy: 'deploy (never deployed)',
};

function summaryTable(apps: AppPlan[]): string[] {
  const rows = apps.map((app) => {
    const counts = countApp(app);
    const cells = [
      `${codeSpan(app.key)} ${markdownText(app.name)}`,
      app.id ?? '(new)',
      APP_ACTION_WORDS[app.action],
      String(counts.add),
      String(counts.change),
      String(counts.remove),
      String(app.risks.length),
    ];
    return `| ${cells.map(tableCell).join(' | ')} |`;
  });
  return [
    '| App | Id | Action | Add | Change | Remove | Risks |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}

function riskList(apps: AppPlan[]): string[] {
  const items = apps.flatMap((app) =>
    app.risks.map((risk) => {
      const view = describeRisk(risk, app.key);
      const where = view.subject === null ? '' : `, ${codeSpan(view.subject)}`;
      let item = `- **${view.title}** (${view.severity.toLowerCase()}) in app ${codeSpan(app.key)}${where}: ${markdownText(view.message)}`;
      if (view.instead !== undefined) item += ` Instead: ${markdownText(view.instead)}`;
      if (view.query !== undefined) item += ` List them with the query ${codeSpan(view.query)}.`;
      if (view.usedBy !== undefined) item += ` Still named in: ${view.usedBy.map(markdownText).join('; ')}.`;
      return item;
    }),
  );
  return items.length === 0 ? [] : ['#### Risks', '', ...items, ''];
}

/** Each migrating field: how its values convert, what does not, the requests and the window. */
function migrationList(apps: AppPlan[]): string[] {
  const items = apps.flatMap((app) =>
    migrationSentences(app).map(
      (s) =>
        `- App ${codeSpan(app.key)}, ${markdownText(s.title)}\n${s.lines.map((line) => `  - ${markdownText(line)}`).join('\n')}`,
    ),
  );
  return items.length === 0 ? [] : ['#### Migrations (values kept)', '', ...items, ''];
}

function appDetails(app: AppPlan): string[] {
  const id = app.id === null ? '' : ` (id ${htmlText(app.id)})`;
  const summary = `app <code>${htmlText(app.key)}</code>${id} ${app.action === 'create-app' ? 'will be created' : 'will be updated'}: ${summaryPhrase(countApp(app))}`;
  const diff = appLines(app).map(diffLine).join('\n');
  const process = app.areas.find((area) => area.key === 'process' && area.action !== 'no-op');
  return [
    `<details><summary>${summary}</summary>`,
    '',
    fenced(diff, 'diff'),
    '',
    ...(process === undefined ? [] : processDiagrams(process)),
    '</details>',
    '',
  ];
}

/** Before and after, each with the statuses the other lacks coloured (added green, removed red). */
/** One state diagram under its title, the statuses `marked` drawn in `style`. */
function processDiagram(
  when: 'before' | 'after',
  process: DiagramProcess,
  marked: ReadonlySet<string>,
  what: string,
  style: string,
): string[] {
  return [
    `**Process ${when}**${caption(process, marked, what)}`,
    '',
    fenced(stateDiagram(process, marked, style).join('\n'), 'mermaid'),
    '',
  ];
}

function processDiagrams(area: AreaPlan): string[] {
  const before = asProcess(area.before);
  const after = asProcess(area.after);
  const removed = before === null ? new Set<string>() : statesMissingFrom(before, after);
  const added = after === null ? new Set<string>() : statesMissingFrom(after, before);
  return [
    ...(before === null
      ? []
      : processDiagram('before', before, removed, 'statuses that go in red', REMOVED_STYLE)),
    ...(after === null ? [] : processDiagram('after', after, added, 'new statuses in green', ADDED_STYLE)),
  ];
}

function caption(process: DiagramProcess, highlighted: ReadonlySet<string>, legend: string): string {
  const notes = [
    ...(process.enable ? [] : ['process management off']),
    ...(highlighted.size > 0 ? [legend] : []),
  ];
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
