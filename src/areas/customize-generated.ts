/**
 * The customization file apply writes for an environment (a `generated: environment` entry of a
 * JavaScript list): `window.appdeploy = { env, apps }`, the environment's name and the id of each
 * app of the project there, so that a customization reads ids instead of hard-coding them.
 *
 * It is compared like any file, by content: its canonical entry is `{type: FILE, file: {name,
 * sha256}}`, and the canonical value carries what the content is made of (`generated`) beside the
 * lists. An app apply is about to create has no id yet: it stands as its placeholder `{key}`
 * there (as everywhere in a plan), which apply resolves once the app exists (WriteContext's
 * resolveApp at write time; resolvePlaceholders before the check that the deploy converged), and
 * the hash is computed again from the resolved ids (`withGeneratedHash`).
 */
import { createHash } from 'node:crypto';
import type { FileCanonical } from './area-kit.js';
import type { ResolveContext } from './types.js';

/** The file's name on the service: how export recognises it. */
export const GENERATED_FILE_NAME = 'appdeploy-environment.js';

/** What the file is made of: the environment's name and each project app's id (or placeholder). */
export type GeneratedInput = { env: string; apps: Record<string, string> };

export function generatedInput(ctx: ResolveContext): GeneratedInput {
  const keys = ctx.appKeys ?? [];
  return { env: ctx.environment ?? '', apps: Object.fromEntries(keys.map((key) => [key, ctx.appId(key)])) };
}

/** The file's text: a numeric id as a number, an app not created yet as its placeholder. */
export function generatedContent(
  input: GeneratedInput,
  resolveApp: (id: string) => string = (id) => id,
): string {
  const apps = Object.fromEntries(
    Object.entries(input.apps).map(([key, id]) => {
      const resolved = resolveApp(id);
      return [key, /^\d+$/.test(resolved) ? Number(resolved) : resolved];
    }),
  );
  return (
    `// appdeploy: generated for environment ${JSON.stringify(input.env)} by the customize entry ` +
    '`generated: environment`; apply rewrites it, do not edit.\n' +
    `window.appdeploy = ${JSON.stringify({ env: input.env, apps })};\n`
  );
}

export function generatedFile(input: GeneratedInput): FileCanonical {
  const sha256 = createHash('sha256').update(generatedContent(input)).digest('hex');
  return { type: 'FILE', file: { name: GENERATED_FILE_NAME, sha256 } };
}

export function isGeneratedFile(value: { type: string; file?: { name: string } }): boolean {
  return value.type === 'FILE' && value.file?.name === GENERATED_FILE_NAME;
}
