/**
 * examples/github-actions/appdeploy.yml: valid YAML with the structure GitHub Actions needs (no
 * JSON Schema of workflows is available offline, so the structure is checked here), plans and
 * comments on pull requests (one comment, found by the marker the Markdown plan starts with),
 * applies on a push to main, and runs exactly the appdeploy commands the README shows.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MARKDOWN_MARKER } from '../../src/render/index.js';
import { ROOT } from '../support/cli.js';
import { markedBlock } from './readme-blocks.js';

const TEXT = readFileSync(join(ROOT, 'examples/github-actions/appdeploy.yml'), 'utf8');

interface Step {
  name?: string;
  id?: string;
  env?: Record<string, string>;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Job {
  'runs-on': string;
  if?: string;
  steps: Step[];
  permissions?: Record<string, string>;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(TEXT, { strict: true, uniqueKeys: true }) as Workflow;
const JOB_KEYS = new Set([
  'runs-on',
  'if',
  'steps',
  'permissions',
  'environment',
  'env',
  'needs',
  'timeout-minutes',
]);
const STEP_KEYS = new Set(['name', 'uses', 'run', 'with', 'if', 'id', 'env', 'shell']);

/** Every appdeploy command of a job's run steps, one per line, as written. */
function appdeployCommands(job: Job): string[] {
  return job.steps.flatMap((step) =>
    (step.run ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('npx appdeploy')),
  );
}

describe('the GitHub Actions workflow', () => {
  it('has the structure GitHub Actions needs', () => {
    expect(typeof workflow.name).toBe('string');
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_-]*$/);
      for (const key of Object.keys(job)) expect(JOB_KEYS, `jobs.${id}.${key}`).toContain(key);
      expect(job['runs-on']).toBe('ubuntu-latest');
      expect(job.steps.length).toBeGreaterThan(0);
      for (const step of job.steps) {
        for (const key of Object.keys(step)) expect(STEP_KEYS, `jobs.${id} step key ${key}`).toContain(key);
        // A step either runs a shell command or uses an action, never both; `with` goes with `uses`.
        expect(Number(step.run !== undefined) + Number(step.uses !== undefined)).toBe(1);
        if (step.uses !== undefined) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
        if (step.with !== undefined) expect(step.uses).toBeDefined();
      }
    }
  });

  it('plans on pull requests and keeps one comment, found by the marker the Markdown plan starts with', () => {
    const plan = workflow.jobs.plan!;
    expect(plan.if).toBe("github.event_name == 'pull_request'");
    expect(plan.permissions).toMatchObject({ 'pull-requests': 'write' });
    const comment = plan.steps.find((step) => step.uses?.startsWith('actions/github-script@'));
    const script = comment?.with?.script;
    expect(typeof script).toBe('string');
    expect(script as string).toContain(`const marker = '${MARKDOWN_MARKER}';`);
    expect(script as string).toContain('github.rest.issues.updateComment');
    expect(script as string).toMatch(/if \(previous\)[\s\S]*updateComment[\s\S]*else[\s\S]*createComment/);
  });

  it('applies on a push to main, and commits the ids of created apps', () => {
    const apply = workflow.jobs.apply!;
    expect(apply.if).toBe("github.event_name == 'push'");
    expect(apply.permissions).toMatchObject({ contents: 'write' });
    expect(apply.steps.map((step) => step.run ?? '').join('\n')).toMatch(/git commit [\s\S]*appdeploy\.yaml/);
  });

  it("runs exactly the README's CI commands", () => {
    const inWorkflow = Object.values(workflow.jobs).flatMap(appdeployCommands);
    expect(inWorkflow).toEqual(markedBlock('ci-commands'));
  });
});

/**
 * The plan job's shell steps, run in order as a runner runs them (`bash -eo pipefail`, GitHub's
 * default shell on ubuntu), with `npx` a fake that exits with the given code: whether the job
 * passes. The action steps (checkout, setup-node, the comment) are skipped; step outputs go
 * through $GITHUB_OUTPUT and `${{ steps.ID.outputs.NAME }}` in a step's env, as on a runner.
 */
async function planJobPasses(planExitCode: number): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-workflow-'));
  try {
    const bin = join(dir, 'bin');
    await mkdir(bin);
    for (const [name, script] of [
      ['npx', `#!/bin/sh\necho "### appdeploy plan"\nexit ${planExitCode}\n`],
      ['npm', '#!/bin/sh\nexit 0\n'],
    ] as const) {
      await writeFile(join(bin, name), script);
      await chmod(join(bin, name), 0o755);
    }
    const outputs: Record<string, Record<string, string>> = {};
    for (const [index, step] of workflow.jobs.plan!.steps.entries()) {
      if (step.run === undefined) continue;
      // No expression evaluator here: a shell step of this job decides in its script, not in `if:`.
      expect(step.if, `plan job step ${index}`).toBeUndefined();
      const outputFile = join(dir, `output-${index}`);
      await writeFile(outputFile, '');
      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries(step.env ?? {}))
        env[name] = value.replace(
          /\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}/g,
          (_, id: string, key: string) => outputs[id]?.[key] ?? '',
        );
      const script = join(dir, `step-${index}.sh`);
      await writeFile(script, step.run);
      const code = await new Promise<number>((resolve) =>
        execFile(
          'bash',
          ['--noprofile', '--norc', '-eo', 'pipefail', script],
          {
            cwd: dir,
            env: { PATH: `${bin}:${process.env.PATH ?? ''}`, GITHUB_OUTPUT: outputFile, ...env },
          },
          (error) => resolve(error ? Number(error.code ?? 1) : 0),
        ),
      );
      if (code !== 0) return false;
      const id = step.id;
      if (id !== undefined)
        outputs[id] = Object.fromEntries(
          (await readFile(outputFile, 'utf8'))
            .split('\n')
            .filter((line) => line.includes('='))
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
    }
    return true;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the workflow's plan job, run with each exit code of the plan", () => {
  it.each([
    [0, 'no changes', true],
    [2, 'changes', true],
    [1, 'an error or a failed check', false],
    [70, 'a crash', false],
    [130, 'an interrupt', false],
  ])('exit %i (%s): the job passes: %s', async (code, _what, passes) => {
    expect(await planJobPasses(code)).toBe(passes);
  });
});
