// @ts-check
/**
 * What each folder of src/ may import from the rest of src/ (DESIGN.md, "Rules of the house"),
 * enforced by no-restricted-imports on relative paths. A file N folders below src/ reaches src/
 * with N `../`; what follows must be the folder itself or one it may import. Folders not named
 * here (cli/) may import anything; nothing but cli/ and src/index.ts imports cli/, because every
 * allow-list below leaves it out.
 */

/**
 * `may`: folders (or root files) of src/ a folder imports freely; `types`: ones it may import
 * types from only (`import type`); `entry`: folders among those it may import only through their
 * `index.js`, never a file inside. Everything else in src/ is refused.
 */
export const IMPORT_RULES = {
  // The client: the platform's facts (the authentication header names it sends, the field and
  // entity types its types name), which the local service reads from the same place; nothing else.
  client: { may: ['platform'] },
  // Standalone layers: nothing else from src/.
  query: { may: [] },
  platform: { may: [] },
  // Reading plug-in packages (ZIP, signature, id): node's built-ins only, shared by the local
  // service and the deployer without tying one to the other.
  'plugin-package': { may: [] },
  // The local service: the query language, the platform's facts and plug-in packages, never
  // client, planner or CLI.
  emulator: { may: ['query', 'platform', 'plugin-package'] },
  // Manifests: platform facts, the query checker, plug-in packages, the shared error class, the
  // atomic write (the local ids), and the client's types.
  project: {
    may: ['platform', 'query', 'plugin-package', 'errors.js', 'atomic-write.js', 'text-width.js'],
    types: ['client/types'],
  },
  // Settings areas: read and write through a client handed in (its types and the Client type).
  areas: { may: ['project', 'platform', 'query', 'errors.js'], types: ['client'] },
  // What the planner and apply both read alike (local files, plug-in packages, the service's
  // files by hash, the placeholder of an app not created yet): neither owns it, so neither
  // reaches into the other for it. Files from disk, the client's types, no planner.
  readers: { may: ['plugin-package', 'errors.js'], types: ['client'] },
  // The planner: gathers state through the client, diffs with the areas.
  // The query language says how a record query finds a field empty (a risk's count and query).
  plan: {
    may: [
      'areas',
      'client',
      'project',
      'platform',
      'plugin-package',
      'usage',
      'readers',
      'query',
      'errors.js',
    ],
  },
  // Renderers are pure: they read plan types, and apply's for the apply message (render/
  // apply-result.ts: the CLI, plan --check and library callers all say an apply's result in the
  // same words, and cli/ is importable by none but itself); values only from the wording leaf.
  render: { may: ['wording.js', 'text-width.js'], types: ['plan', 'apply'] },
  // Apply and export loop over the area table with a client. Apply reads the plan's types and
  // what it asks of the plan again through plan/index.js alone, never the planner's internals.
  // Records in bulk (the sweep, a field's copy, backup and restore): through a client, with the
  // platform's limits and conversions; generic, so that a migration and a seed share it. Counts
  // in its errors are worded by the wording leaf, as everywhere else.
  records: { may: ['client', 'platform', 'query', 'errors.js', 'wording.js', 'atomic-write.js'] },
  apply: {
    may: [
      'plan',
      'areas',
      'client',
      'project',
      'platform',
      'plugin-package',
      'readers',
      'records',
      'errors.js',
      'wording.js',
      'atomic-write.js',
    ],
    entry: ['plan'],
  },
  export: { may: ['areas', 'client', 'project', 'platform', 'errors.js', 'atomic-write.js'] },
  // The embedded local environment runner: the one folder besides cli/ that starts an emulator.
  local: { may: ['emulator', 'client', 'project', 'platform', 'errors.js', 'atomic-write.js'] },
  // The where-used index, pure: from manifests (their types) and scripts' text, with the query
  // parser and the catalogue of field places (platform). The handbook prints it; the planner names
  // it beside a removed field.
  usage: { may: ['query', 'platform'], types: ['project'] },
  // plan --check: reads the target and starts its shadow through local/ (which alone starts the
  // emulator), then runs apply/ against the shadow; never the emulator itself. A failed apply on
  // the copy is worded as apply's result is (render/apply-result.ts).
  check: {
    may: ['local', 'apply', 'plan', 'client', 'project', 'platform', 'readers', 'render', 'errors.js'],
  },
  // Generators from manifests alone, pure: the project's types, the platform's facts, the query parser.
  docgen: { may: ['query', 'platform', 'usage'], types: ['project'] },
  typegen: { may: ['query', 'platform'], types: ['project'] },
};

const DEEPEST = 6;
const RULE = '@typescript-eslint/no-restricted-imports';
const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (/** @type {string[]} */ names) => names.map(escape).join('|');

/** @typedef {{may: string[], types?: string[], entry?: string[]}} Rule */

/** @param {string} folder @param {Rule} rule */
function describe(folder, rule) {
  const parts = [
    ...rule.may.map((m) => `${m.replace(/\.js$/, '')}/${rule.entry?.includes(m) ? 'index.js' : ''}`),
  ];
  if (rule.types) parts.push(...rule.types.map((t) => `types from ${t}/`));
  const allowed = parts.length ? parts.join(', ') : 'nothing else from src/';
  return `src/${folder}/ may import ${allowed} (DESIGN.md: what may import what).`;
}

/** @param {string} folder @param {Rule} rule @param {number} depth */
function configAt(folder, rule, depth) {
  const up = `^(?:\\.\\./){${depth}}`;
  // Type-only folders are left to the second pattern, so a value import of one is reported once.
  const may = alternatives([folder, ...rule.may, ...(rule.types ?? [])]);
  const message = describe(folder, rule);
  const patterns = [{ regex: `${up}(?!(?:${may})(?:/|$))`, message }];
  if (rule.types)
    patterns.push({ regex: `${up}(?:${alternatives(rule.types)})(?:/|$)`, message, allowTypeImports: true });
  // Types too: the entry re-exports them, so a file inside stays the folder's own business.
  if (rule.entry) patterns.push({ regex: `${up}(?:${alternatives(rule.entry)})/(?!index\\.js$)`, message });
  return {
    files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: { [RULE]: ['error', { patterns }] },
  };
}

export const importBoundaries = [
  ...Object.entries(IMPORT_RULES).flatMap(([folder, rule]) =>
    Array.from({ length: DEEPEST }, (_, i) => configAt(folder, rule, i + 1)),
  ),
  {
    // The public entry exports everything but the command layer.
    files: ['src/index.ts'],
    rules: {
      [RULE]: ['error', { patterns: [{ regex: '^\\./cli(?:/|$)', message: 'Only cli/ imports cli/.' }] }],
    },
  },
  {
    // The shared error class, the wording leaf, the atomic write and the terminal's widths of
    // text are what layers build on: they import nothing.
    files: ['src/errors.ts', 'src/wording.ts', 'src/atomic-write.ts', 'src/text-width.ts'],
    rules: {
      [RULE]: [
        'error',
        {
          patterns: [
            {
              regex: '^\\.',
              message:
                'src/errors.ts, src/wording.ts, src/atomic-write.ts and src/text-width.ts import nothing.',
            },
          ],
        },
      ],
    },
  },
];
