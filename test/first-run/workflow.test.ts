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
import { renderMarkdown } from '../../src/render/index.js';
import { errorMarkdown } from '../../src/cli/error-markdown.js';
import { everyAreaPlan, noChangesPlan } from '../render/fixture.js';
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
    expect(script as string).toContain('github.rest.issues.updateComment');
  });

  it("keeps one comment per environment: a plan replaces its environment's last plan or failure, never another's", async () => {
    const comments = new PullRequestComments();
    comments.byPerson('Looks good. (The bot posts `<!-- appdeploy-plan env=staging -->` plans.)');
    const staging = renderMarkdown(everyAreaPlan);
    await comments.post(staging);
    await comments.post(renderMarkdown({ ...everyAreaPlan, environment: 'production' }));
    expect(comments.bodies()).toHaveLength(3);
    const failed = errorMarkdown(
      { code: 'CLIENT.network', message: 'nothing accepts connections', exitCode: 1, lead: 'Error: ' },
      'staging',
    );
    await comments.post(failed);
    await comments.post(renderMarkdown(noChangesPlan));
    await comments.post(renderMarkdown({ ...noChangesPlan, environment: 'production' }));
    expect(comments.bodies()).toEqual([
      'Looks good. (The bot posts `<!-- appdeploy-plan env=staging -->` plans.)',
      renderMarkdown(noChangesPlan),
      renderMarkdown({ ...noChangesPlan, environment: 'production' }),
    ]);
    expect(comments.calls).toEqual(['create', 'create', 'update 2', 'update 2', 'update 3']);
    // Output that does not start with a marker is posted under the plain one, and found by it.
    await comments.post('something printed no marker\n');
    await comments.post('something else\n');
    expect(comments.bodies()[3]).toBe('<!-- appdeploy-plan -->\nsomething else\n');
    expect(comments.calls.slice(5)).toEqual(['create', 'update 4']);
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
 * A pull request's comments, and the workflow's github-script step run against them as
 * actions/github-script runs it: an async function of `require`, `github` and `context`.
 */
class PullRequestComments {
  readonly calls: string[] = [];
  private readonly comments: { id: number; body: string; user: { type: string } }[] = [];
  private readonly script: string;

  constructor() {
    const step = workflow.jobs.plan!.steps.find((s) => s.uses?.startsWith('actions/github-script@'));
    this.script = step?.with?.script as string;
  }

  byPerson(body: string): void {
    this.comments.push({ id: this.comments.length + 1, body, user: { type: 'User' } });
  }

  bodies(): string[] {
    return this.comments.map((c) => c.body);
  }

  async post(planMarkdown: string): Promise<void> {
    const issues = {
      listComments: 'listComments',
      createComment: ({ body }: { body: string }) => {
        this.calls.push('create');
        this.comments.push({ id: this.comments.length + 1, body, user: { type: 'Bot' } });
      },
      updateComment: ({ comment_id, body }: { comment_id: number; body: string }) => {
        this.calls.push(`update ${comment_id}`);
        this.comments.find((c) => c.id === comment_id)!.body = body;
      },
    };
    const github = {
      rest: { issues },
      paginate: (list: unknown, params: { issue_number: number }) => {
        expect([list, params.issue_number]).toEqual(['listComments', 7]);
        return this.comments.map((c) => ({ ...c }));
      },
    };
    const context = { repo: { owner: 'o', repo: 'r' }, issue: { number: 7 } };
    const fakeRequire = (name: string) => {
      expect(name).toBe('node:fs');
      return { readFileSync: (path: string) => (expect(path).toBe('plan.md'), planMarkdown) };
    };
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('require', 'github', 'context', this.script)(fakeRequire, github, context);
  }
}

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
