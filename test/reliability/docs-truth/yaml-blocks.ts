/**
 * The fenced YAML blocks of README.md and docs/, each as the file a user would copy it into:
 * appdeploy.yaml, an app manifest or a record file, decided by its leading `# file` comment (a
 * name, or the schema of a yaml-language-server modeline) or else by its content. Each is put in a
 * project folder of its own, with what it names around it (the manifests of the apps it lists,
 * the files its environments and customizations name, set variables), for validate to read.
 * FRAGMENTS lists, with the reason, the few blocks that are deliberately not a whole file.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { ROOT } from '../../support/cli.js';
import { ALL_BLOCKS, blockId, type Block } from './markdown.js';

export type YamlKind = 'project' | 'manifest' | 'records';

/** A block that is deliberately not a file, found by a line it holds, and why. */
export interface Fragment {
  page: string;
  holds: string;
  reason: string;
}

export const FRAGMENTS: Fragment[] = [
  {
    page: 'docs/manifests.md',
    holds: '# yaml-language-server: $schema=../../../schema/app.schema.json',
    reason: 'the modeline alone: the line a manifest starts with, shown before the text says where it goes',
  },
  {
    page: 'docs/manifests.md',
    holds: 'Screening: { renamedFrom: Triage',
    reason: 'the entities are elided (`[...]`): it shows where renamedFrom goes in a status',
  },
];

export const isFragment = (block: Block): Fragment | undefined =>
  FRAGMENTS.find((f) => f.page === block.page && block.text.includes(f.holds));

export const YAML_BLOCKS = ALL_BLOCKS.filter((block) => block.lang === 'yaml' || block.lang === 'yml');

/** The keys an app manifest may have at its top (schema/app.schema.json's properties). */
const MANIFEST_KEYS = new Set(
  Object.keys(
    (JSON.parse(await readFile(join(ROOT, 'schema/app.schema.json'), 'utf8')) as { properties: object })
      .properties,
  ),
);

/** What file the block is: its `# file` comment first, else its content. */
export function yamlKind(block: Block): YamlKind | undefined {
  const first = block.text.split('\n')[0]!.trim();
  if (/^# (appdeploy\.yaml|.*project\.schema\.json)/.test(first)) return 'project';
  if (/^# .*app\.schema\.json/.test(first)) return 'manifest';
  if (/^# .*records\.schema\.json/.test(first)) return 'records';
  const doc = parseDocument(withoutVariables(block.text));
  if (isSeq(doc.contents)) return 'records';
  if (!isMap(doc.contents)) return undefined;
  const keys = doc.contents.items.map((pair) => String((pair.key as { value?: unknown }).value));
  if (keys.some((key) => key === 'environments' || key === 'apps' || key === 'defaultEnvironment'))
    return 'project';
  if (keys.every((key) => MANIFEST_KEYS.has(key))) return 'manifest';
  return undefined;
}

/**
 * The apps' manifests a project block names, by app key, where the docs' apps need more than a
 * name and a field: helpdesk's tickets (the README's project), and the customers of
 * docs/records.md, with the fields its record sample writes (and `--mask` names).
 */
const MANIFESTS: Record<string, () => Promise<string> | string> = {
  tickets: () => readFile(join(ROOT, 'examples/helpdesk/apps/tickets.yaml'), 'utf8'),
  customers: () =>
    [
      'name: Customers',
      'fields:',
      '  customer_code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }',
      '  name: { type: SINGLE_LINE_TEXT, label: Name }',
      '  email: { type: LINK, label: E-mail, protocol: MAIL }',
      '  phone: { type: LINK, label: Phone, protocol: CALL }',
      '  amount: { type: NUMBER, label: Amount }',
      '  since: { type: DATE, label: Customer since }',
      '  tags:',
      '    type: CHECK_BOX',
      '    label: Tags',
      '    options: { vip: { label: vip, index: 0 }, new: { label: new, index: 1 } }',
      '  owner: { type: USER_SELECT, label: Owner }',
      '  contract: { type: FILE, label: Contract }',
      '  lines:',
      '    type: SUBTABLE',
      '    label: Lines',
      '    fields:',
      '      item: { type: SINGLE_LINE_TEXT, label: Item }',
      '      qty: { type: NUMBER, label: Quantity }',
      '',
    ].join('\n'),
};

const minimalManifest = (key: string) =>
  `name: ${key}\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n`;

/** A folder holding the block where a user would put it; validate it with `validateRuns`. */
export interface Placed {
  /** The environments to validate against, each with the variables it needs. */
  runs: { env: string | undefined; variables: Record<string, string> }[];
}

/** Writes the project the block belongs in under `root`. */
export async function placeBlock(block: Block, kind: YamlKind, root: string): Promise<Placed> {
  if (kind === 'project') return placeProject(block.text, root, recordsBlockOf(block));
  if (kind === 'manifest') {
    const manifest = /^name:/m.test(block.text) ? block.text : `name: Example\n${block.text}`;
    await put(
      root,
      'appdeploy.yaml',
      'environments: { local: {} }\napps:\n  example: { manifest: apps/example.yaml }\n',
    );
    await put(root, 'apps/example.yaml', manifest);
    await touchPaths(manifest, join(root, 'apps'));
    return { runs: [{ env: undefined, variables: {} }] };
  }
  const project = ALL_BLOCKS.find(
    (other) => other.page === block.page && yamlKind(other) === 'project' && /records:/.test(other.text),
  );
  if (!project)
    throw new Error(`${blockId(block)}: a record file with no appdeploy.yaml on its page naming one`);
  return placeProject(project.text, root, block.text);
}

/** The page's record file, for a project block that names one. */
function recordsBlockOf(block: Block): string | undefined {
  return ALL_BLOCKS.find((other) => other.page === block.page && yamlKind(other) === 'records')?.text;
}

async function placeProject(text: string, root: string, records: string | undefined): Promise<Placed> {
  await put(root, 'appdeploy.yaml', text);
  const config = parseDocument(withoutVariables(text)).toJS() as {
    environments?: Record<string, Record<string, unknown> | null>;
    apps?: Record<string, { manifest: string; records?: { file: string } }>;
  };
  for (const [key, app] of Object.entries(config.apps ?? {})) {
    await put(root, app.manifest, await (MANIFESTS[key]?.() ?? minimalManifest(key)));
    if (app.records) {
      await put(root, app.records.file, records ?? '[]\n');
      await touchPaths(records ?? '', dirname(join(root, app.records.file)));
    }
  }
  // The files an environment names (a client certificate, a CA): validate checks they exist.
  for (const match of text.matchAll(/\b(?:pfx|cert|key|ca): ([\w./-]+\.\w+)/g))
    await put(root, match[1]!, 'placeholder\n');
  const variables = Object.fromEntries(
    [...text.matchAll(/\$\{(\w+)\}/g)].map((match) => [match[1]!, `value-of-${match[1]!.toLowerCase()}`]),
  );
  const envs = Object.keys(config.environments ?? {});
  return { runs: (envs.length > 0 ? envs : [undefined]).map((env) => ({ env, variables })) };
}

/** The text with `${NAME}` as a plain word: appdeploy reads variables before YAML does (a flow map may hold one). */
const withoutVariables = (text: string) => text.replace(/\$\{[^}]*\}/g, 'variable');

/** Creates every file a `path: ...` of `text` names, relative to `folder`. */
async function touchPaths(text: string, folder: string): Promise<void> {
  for (const match of text.matchAll(/\bpath: ([\w./-]+\.\w+)/g))
    await put(folder, match[1]!, 'placeholder\n');
}

async function put(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}
