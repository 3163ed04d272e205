/**
 * The situations the docs' output samples describe, made with the built CLI in a temp folder:
 * an `init` project or a copy of an example, with files written over it, and the commands a user
 * would run there. Each returns what the CLI printed, for samples.ts to compare.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { appdeploy, ROOT, type Run } from '../../support/cli.js';

/** Where a situation runs: its own folder, and the local service on port 0 for remote environments. */
export interface Ctx {
  /** A fresh folder for this situation. */
  folder: () => Promise<string>;
  /** The local service on port 0, its users admin (admin:admin) and alice. */
  serviceUrl: string;
}

export async function initProject(ctx: Ctx, files: Record<string, string> = {}): Promise<string> {
  const parent = await ctx.folder();
  const init = await appdeploy(['init', 'project'], parent);
  expect(init.code, init.stderr).toBe(0);
  const root = join(parent, 'project');
  await writeFiles(root, files);
  return root;
}

export async function copyExample(
  ctx: Ctx,
  name: string,
  files: Record<string, string> = {},
): Promise<string> {
  const root = join(await ctx.folder(), name);
  await cp(join(ROOT, 'examples', name), root, { recursive: true, filter: (s) => !s.includes('.appdeploy') });
  await writeFiles(root, files);
  return root;
}

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** Edits a file of the project: each [from, to] once, and `from` must be there. */
export async function edit(root: string, path: string, ...edits: [string, string][]): Promise<void> {
  let text = await readFile(join(root, path), 'utf8');
  for (const [from, to] of edits) {
    expect(text, `${path} holds ${from}`).toContain(from);
    text = text.replace(from, to);
  }
  await writeFile(join(root, path), text);
}

/** Runs the CLI in `root`, expecting `code`; its output. */
export async function run(
  root: string,
  args: string[],
  code: number,
  env: NodeJS.ProcessEnv = {},
): Promise<Run> {
  const result = await appdeploy(args, root, env);
  expect(result.code, `appdeploy ${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(code);
  return result;
}

/** An environment `staging` at the test's local service, signed in as admin. */
export const stagingAt = (url: string) =>
  `  staging: { baseUrl: '${url}', auth: { login: admin, password: admin } }\n`;

/** appdeploy.yaml of an init project with `staging` added (and made the default). */
export async function withStaging(root: string, url: string): Promise<void> {
  await edit(root, 'appdeploy.yaml', [
    'environments:\n  local: {}\n',
    `environments:\n  local: {}\n${stagingAt(url)}`,
  ]);
  await writeFile(
    join(root, 'appdeploy.yaml'),
    `${await readFile(join(root, 'appdeploy.yaml'), 'utf8')}defaultEnvironment: staging\n`,
  );
}

export const temp = (parent: string) => () => mkdtemp(join(parent, 'situation-'));
