/**
 * One draw run with the built CLI (`node dist/cli/bin.js`, what `npx appdeploy` runs) and held to
 * what expect.ts says the docs promise: a working connection plans, applies (a fresh plan then
 * empty), reports status and exports; a broken one is refused with exit 1 (docs/errors.md), the
 * documented JSON error under --format json, a message naming the real cause, never a bug, never a
 * cause that is not the one (the service's certificate blamed for the proxy's refusal). Either
 * way, no secret in any output or file, and the requests went through the proxy that applies,
 * and through no proxy when none does.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../../support/cli.js';
import { describeDraw, type Draw } from './draw.js';
import { expected, servicePort, type Expected } from './expect.js';
import { writeProject } from './project.js';
import { FORBIDDEN } from './secrets.js';
import type { World } from './world.js';

export interface Outcome {
  draw: Draw;
  expected: Expected;
  findings: string[];
  runs: number;
}

interface Run {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ args, code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function tunnelCounts(world: World): Record<string, number> {
  return Object.fromEntries(
    Object.entries(world.proxies).map(([name, proxy]) => [name, proxy.tunnels.length]),
  );
}

export async function runDraw(world: World, draw: Draw): Promise<Outcome> {
  const expect = expected(draw, world.ports);
  const { root, env } = writeProject(draw, world.ports);
  const findings: string[] = [];
  const runs: Run[] = [];
  const before = tunnelCounts(world);
  try {
    if (expect.outcome === 'works') {
      const steps: [string[], number][] =
        draw.command === 'validate'
          ? [[['validate'], 0]]
          : [
              [['plan'], 0],
              [['apply', '--yes'], 0],
              [['plan', '--detailed-exitcode'], 0],
              [['status'], 0],
              [['export', '--app', 'notes'], 0],
              [['plan', '--detailed-exitcode'], 0],
            ];
      for (const [args, code] of steps) {
        const run = await cli(args, root, env);
        runs.push(run);
        if (run.code !== code) {
          findings.push(
            `${args.join(' ')} exited ${run.code}, expected ${code}:\n${run.stdout}${run.stderr}`,
          );
          break;
        }
      }
    } else {
      const args = {
        plan: ['plan'],
        export: ['export', '--all'],
        apply: ['apply', '--yes'],
        validate: ['validate'],
      }[draw.command];
      const json = draw.json && draw.command !== 'validate';
      const run = await cli(json ? [...args, '--format', 'json'] : args, root, env);
      runs.push(run);
      findings.push(...refusalFindings(run, expect, json));
    }
    findings.push(...tunnelFindings(world, draw, expect, before));
    findings.push(...secretFindings(runs, root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { draw, expected: expect, findings, runs: runs.length };
}

function refusalFindings(
  run: Run,
  expect: Extract<Expected, { outcome: 'refused' }>,
  json: boolean,
): string[] {
  const findings: string[] = [];
  const text = `${run.stdout}${run.stderr}`;
  const shown = `${run.args.join(' ')} exited ${run.code}:\n${text}`;
  if (run.code === 70 || /\bBug\b|\n\s+at \S+ \(/.test(text)) findings.push(`a bug: ${shown}`);
  if (run.code !== 1) findings.push(`exit ${run.code}, expected 1 (${expect.stage}): ${shown}`);
  for (const pattern of expect.allOf)
    if (!pattern.test(text)) findings.push(`not said: ${pattern}: ${shown}`);
  if (expect.anyOf.length > 0 && !expect.anyOf.some((p) => p.test(text)))
    findings.push(`none said of: ${expect.anyOf.join(' | ')}: ${shown}`);
  if (expect.hint !== undefined && !expect.hint.test(text))
    findings.push(`the hint is not ${expect.hint}: ${shown}`);
  if (json) {
    let code: unknown;
    try {
      code = (JSON.parse(run.stdout) as { error?: { code?: unknown } }).error?.code;
    } catch {
      code = `(not JSON: ${run.stdout.slice(0, 200)})`;
    }
    if (code !== expect.jsonCode)
      findings.push(`JSON error code ${String(code)}, expected ${expect.jsonCode}: ${shown}`);
  }
  // The cause said must be the one: the proxy's refusals are not the service's, and back.
  const said = text.split('\n').find((line) => /^Error: |"message"/.test(line)) ?? '';
  if (
    expect.stage === 'proxy' &&
    /certificate of (?!the proxy)|client certificate|not known to DNS|nothing accepts/.test(said)
  )
    findings.push(`the proxy's failure said as another's: ${shown}`);
  if (expect.stage === 'service' && /the proxy/.test(said))
    findings.push(`the service's failure said of the proxy: ${shown}`);
  return findings;
}

function tunnelFindings(
  world: World,
  draw: Draw,
  expect: Expected,
  before: Record<string, number>,
): string[] {
  if (
    draw.command === 'validate' ||
    (expect.outcome === 'refused' && (expect.stage === 'validate' || expect.stage === 'options'))
  )
    return Object.entries(tunnelCounts(world))
      .filter(([name, count]) => count !== before[name])
      .map(([name]) => `a tunnel through the ${name} proxy, though nothing should have connected`);
  const findings: string[] = [];
  const target = `${draw.host}:${servicePort(draw, world.ports)}`;
  for (const [name, proxy] of Object.entries(world.proxies)) {
    const opened = proxy.tunnels.slice(before[name]);
    const through = expect.proxy?.server === name;
    if (!through && opened.length > 0)
      findings.push(`${opened.length} tunnel(s) through the ${name} proxy, which does not apply`);
    if (through && opened.some((t) => t !== target))
      findings.push(`a tunnel to ${opened.join(', ')}, not ${target}`);
    const mustOpen = expect.outcome === 'works' || expect.stage === 'service';
    if (through && mustOpen && opened.length === 0)
      findings.push(`no tunnel through the ${name} proxy, which applies`);
  }
  return findings;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.startsWith('certs') && file !== '.env')
    .map((file) => join(dir, file))
    .filter((path) => statSync(path).isFile());
}

function secretFindings(runs: Run[], root: string): string[] {
  const texts: [string, string][] = [
    ...runs.flatMap((r): [string, string][] => [
      [`stdout of ${r.args.join(' ')}`, r.stdout],
      [`stderr of ${r.args.join(' ')}`, r.stderr],
    ]),
    ...filesOf(root).map((path): [string, string] => [
      path.slice(root.length + 1),
      readFileSync(path, 'latin1'),
    ]),
  ];
  return texts.flatMap(([where, text]) =>
    FORBIDDEN.filter((secret) => text.includes(secret)).map(
      (secret) => `a secret (${secret.slice(0, 3)}...) in ${where}`,
    ),
  );
}

export function report(outcome: Outcome): string {
  return `${describeDraw(outcome.draw)}\nexpected: ${JSON.stringify(outcome.expected, (_, v: unknown) => (v instanceof RegExp ? String(v) : v))}\n  ${outcome.findings.join('\n  ')}`;
}
