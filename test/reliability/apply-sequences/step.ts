/**
 * One step of a sequence, judged as the spec promises: what validate accepts, plan must not
 * block for a reason validate could have known offline; the plan (through its JSON) applies when
 * it has no risk, is refused for a risk without its flag and applies with it; after apply a fresh
 * plan is empty and the live settings read over REST are the manifest's; an export of the apps
 * plans empty. With a fault at a write, apply fails, leaves draft and live exactly as before,
 * `status` says so, and the next apply converges.
 */
import { rm } from 'node:fs/promises';
import { apply } from '../../../src/apply/index.js';
import { AREAS } from '../../../src/areas/index.js';
import type { Client } from '../../../src/client/index.js';
import { downloadHasher } from '../../../src/readers/index.js';
import { plan, type Plan } from '../../../src/plan/index.js';
import { validateProject, type Project } from '../../../src/project/index.js';
import { runMain } from '../../support/main-in-process.js';
import { adminCall } from '../../support/service.js';
import { emptyProject, exportInto, pendingChanges } from '../../export/harness.js';
import { liveDiffers } from './live.js';
import type { Draw } from './pick.js';
import { readManifests } from './world.js';

export interface Service {
  url: string;
  client: Client;
}

/** What a step found wrong (empty: nothing). */
export type Findings = string[];

/**
 * Blocks that depend on the service, which validate cannot know offline: whether the user apply
 * signs in as sees every record and value a removal or migration destroys (src/plan/records-visible.ts:
 * the record and field permissions as deployed, against the caller's groups read from the service).
 */
const SERVICE_DEPENDENT = [
  /record permission rule \d+ .* may hide records from /,
  /the field permission of "[^"]+" may deny /,
];

const RISKS_NEEDING_FLAG = new Set(['data-loss', 'records-in-removed-status']);

export async function validated(root: string): Promise<{ project?: Project; problems: string[] }> {
  const result = await validateProject({ cwd: root, dir: root, variables: {} });
  return {
    ...(result.project ? { project: result.project } : {}),
    problems: result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`),
  };
}

const asJson = (p: Plan): Plan => JSON.parse(JSON.stringify(p)) as Plan;

async function applyIt(s: Service, project: Project, thePlan: Plan, allowDataLoss = false) {
  return apply({
    plan: asJson(thePlan),
    project,
    client: s.client,
    pollIntervalMs: { initial: 10, max: 50 },
    allowDataLoss,
  });
}

/** Every area's draft and live copy of each app, canonical (test/apply/harness.ts does the same). */
export async function snapshot(client: Client, ids: readonly string[]): Promise<Record<string, unknown>> {
  const downloadHash = downloadHasher(client);
  const out: Record<string, unknown> = {};
  for (const app of ids)
    for (const area of AREAS)
      for (const copy of ['draft', 'live'] as const)
        out[`${app} ${area.key} ${copy}`] = await area
          .read({ client, app, copy, downloadHash })
          .then((r) => r.value)
          .catch((e: Error) => `error: ${e.message}`);
  return out;
}

const changedApps = (p: Plan) =>
  p.apps
    .filter((a) => a.action !== 'no-op')
    .map((a) => ({ key: a.key, areas: a.areas.filter((x) => x.action !== 'no-op').map((x) => x.key) }));

/** The writes a fault may hit: the draft's settings, field writes, the deploy. */
const WRITES = [
  { method: 'POST|PUT|DELETE', path: '^/k/v1/preview/app/' },
  { method: 'POST', path: '^/k/v1/preview/app/deploy\\.json$' },
];

export interface StepOutcome {
  findings: Findings;
  /** The plan was refused for a reason the project may not take (the step is undone). */
  undo: boolean;
  /** Whether a fault was injected and hit. */
  faulted: boolean;
}

/** Judges the project as the step left it; `fault` asks for a fault at a random write. */
export async function judgeStep(s: Service, root: string, d: Draw, fault: boolean): Promise<StepOutcome> {
  const findings: Findings = [];
  const v = await validated(root);
  if (!v.project)
    return {
      findings: [`validate refused the edits: ${v.problems.join('; ')}`],
      undo: false,
      faulted: false,
    };
  let project = v.project;
  const thePlan = await plan({ project, client: s.client });
  const allRisks = thePlan.apps.flatMap((a) => a.risks.map((r) => ({ app: a.key, ...r })));
  const blocked = allRisks.filter((r) => r.kind === 'blocked');
  if (blocked.length > 0) {
    const result = await applyIt(s, project, thePlan, true);
    const said = JSON.stringify(result.refusals);
    if (result.outcome !== 'refused') findings.push(`a blocked plan was not refused: ${result.outcome}`);
    for (const risk of blocked) {
      if (risk.kind !== 'blocked') continue;
      if (!said.includes(JSON.stringify(risk.reason).slice(1, -1)))
        findings.push(`apply refused a blocked plan otherwise than the plan said: ${risk.reason} / ${said}`);
      if (!SERVICE_DEPENDENT.some((why) => why.test(risk.reason)))
        findings.push(`validate accepted, plan blocked: ${JSON.stringify(risk)}`);
    }
    return { findings, undo: true, faulted: false };
  }
  if (allRisks.some((r) => r.kind === 'deploy-fails')) {
    const result = await applyIt(s, project, thePlan, true);
    if (result.outcome !== 'refused')
      findings.push(`a plan whose deploy fails was not refused: ${result.outcome}`);
    return { findings, undo: true, faulted: false };
  }
  const needsFlag = allRisks.some((r) => RISKS_NEEDING_FLAG.has(r.kind));
  if (needsFlag) {
    const refused = await applyIt(s, project, thePlan, false);
    if (refused.outcome !== 'refused')
      findings.push(
        `a plan with ${allRisks.map((r) => r.kind).join(', ')} applied without --allow-data-loss: ${refused.outcome}`,
      );
  }
  let faulted = false;
  let fresh = thePlan;
  if (fault && changedApps(thePlan).length > 0) {
    faulted = await faultedApply(s, root, project, d, needsFlag, findings);
    project = (await validated(root)).project!;
    fresh = await plan({ project, client: s.client });
  }
  const result = await applyIt(s, project, fresh, needsFlag);
  if (!['applied', 'no-changes'].includes(result.outcome)) {
    findings.push(
      `apply ${result.outcome}: ${JSON.stringify({ refusals: result.refusals, apps: result.apps, stopped: result.stopped, notConverged: result.notConverged })}`,
    );
    return { findings, undo: false, faulted };
  }
  project = (await validated(root)).project!;
  await expectConverged(s, project, root, findings);
  return { findings, undo: false, faulted };
}

async function expectConverged(
  s: Service,
  project: Project,
  root: string,
  findings: Findings,
): Promise<void> {
  const again = changedApps(await plan({ project, client: s.client }));
  if (again.length > 0) findings.push(`not converged after apply: ${JSON.stringify(again)}`);
  const manifests = await readManifests(root);
  for (const app of project.apps) {
    const differs = await liveDiffers(s.url, app.id!, manifests[app.key]!);
    if (differs.length > 0) findings.push(`${app.key} live differs from its manifest: ${differs.join('; ')}`);
  }
  const target = await emptyProject(s.url);
  try {
    await exportInto(target, s.client, { apps: project.apps.map((a) => a.id!) }, { files: true });
    const left = await pendingChanges(target, s.client);
    if (left.length > 0) findings.push(`the export plans changes: ${JSON.stringify(left)}`);
  } catch (error) {
    findings.push(`export failed: ${(error as Error).message}`);
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}

/** Apply with a fault at a random write; true when the fault hit (apply failed as it must). */
async function faultedApply(
  s: Service,
  root: string,
  project: Project,
  d: Draw,
  allowDataLoss: boolean,
  findings: Findings,
): Promise<boolean> {
  const ids = project.apps.map((a) => a.id!);
  const before = await snapshot(s.client, ids);
  const thePlan = await plan({ project, client: s.client });
  const write = d.pick(WRITES)!;
  const skip = write.path.includes('deploy') ? 0 : Math.floor(d.rnd() * 6);
  await adminCall(s.url, 'POST', '/_emulator/faults', { ...write, status: 500, times: 1, skip });
  const result = await applyIt(s, project, thePlan, allowDataLoss);
  await adminCall(s.url, 'DELETE', '/_emulator/faults');
  // The fault was past the last write: a plain apply; the step goes on from there.
  if (result.outcome === 'applied') return false;
  if (result.outcome !== 'rolled-back')
    findings.push(`a fault at ${write.path} (skip ${skip}) ended ${result.outcome}`);
  const after = await snapshot(s.client, ids);
  for (const key of Object.keys(before))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      findings.push(`after a fault at ${write.method} ${write.path} (skip ${skip}), ${key} is not as before`);
  const status = await runMain(['status', '-C', root, '--format', 'json']);
  const said = `${status.out}${status.err}`;
  if (status.code !== 2 || /\bbug\b/i.test(said))
    findings.push(`status after a rolled-back apply: exit ${status.code}: ${said}`);
  else {
    const json = JSON.parse(status.out) as {
      apps: { key: string; pendingDraft: string[]; inSync: boolean }[];
    };
    for (const app of json.apps)
      if (app.pendingDraft.length > 0)
        findings.push(`status after a rolled-back apply: ${app.key} has a pending draft`);
    const changed = changedApps(thePlan).map((a) => a.key);
    for (const app of json.apps)
      if (changed.includes(app.key) && app.inSync)
        findings.push(`status calls ${app.key} in sync, its manifest not applied`);
  }
  return true;
}
