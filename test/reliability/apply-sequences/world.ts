/**
 * The project a sequence of edits starts from: the crm example (customers and deals, which look
 * each other up) with the helpdesk's tickets app (a full process, notifications and reminders)
 * beside it, pointed at the test's local service; its manifests read and written as plain data.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseDocument, stringify } from 'yaml';
import { ROOT } from '../../support/cli.js';
import { withTestEnvironment } from '../../support/projects.js';

/** Manifests by app key, as plain data: what the edits change. */
export type Manifests = Record<string, Record<string, any>>;

export const APP_KEYS = ['customers', 'deals', 'tickets'] as const;

/** A temp folder holding the project, `test` its default environment at `url`. */
export async function startingProject(url: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-apply-seq-'));
  await cp(join(ROOT, 'examples', 'crm'), root, { recursive: true });
  await cp(join(ROOT, 'examples', 'helpdesk', 'apps', 'tickets.yaml'), join(root, 'apps', 'tickets.yaml'));
  const config = join(root, 'appdeploy.yaml');
  const doc = parseDocument(withTestEnvironment(await readFile(config, 'utf8'), url));
  doc.setIn(['apps', 'tickets'], { manifest: 'apps/tickets.yaml' });
  await writeFile(config, doc.toString());
  return root;
}

export async function readManifests(root: string): Promise<Manifests> {
  const out: Manifests = {};
  for (const key of APP_KEYS)
    out[key] = parse(await readFile(join(root, 'apps', `${key}.yaml`), 'utf8')) as Record<string, any>;
  return out;
}

export async function writeManifests(root: string, manifests: Manifests): Promise<void> {
  for (const key of APP_KEYS) await writeFile(join(root, 'apps', `${key}.yaml`), stringify(manifests[key]));
}

/** A file beside the manifests (a customization script an edit names). */
export async function writeProjectFile(root: string, path: string, text: string): Promise<void> {
  await writeFile(join(root, 'apps', path), text);
}
