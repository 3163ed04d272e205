/**
 * The TypeScript blocks of README.md and docs/, compiled as a user's project would compile them:
 * `appdeploy` installed (a link to this checkout, its built types), `@kintone/rest-api-client`
 * beside it, strict settings. A block that uses names it does not define (a reader's own
 * variables) gets their declarations first, listed here with the page; docs/types.md's block
 * imports the module `appdeploy types` writes for examples/crm's deals, so that is written too.
 */
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appdeploy, ROOT } from '../../support/cli.js';
import { ALL_BLOCKS, blockId } from './markdown.js';

export const TS_BLOCKS = ALL_BLOCKS.filter((block) => block.lang === 'ts');

/** What a block takes from its reader's code, by a line it holds. */
const READERS_NAMES: { holds: string; declare: string }[] = [
  {
    holds: 'query.parseQuery(',
    declare: [
      "import * as query from 'appdeploy/query';",
      'declare const properties: Parameters<typeof query.fieldsFromProperties>[0];',
      'declare const fields: ReturnType<typeof query.fieldsFromProperties>;',
      'declare const allRecords: Parameters<typeof query.runQuery>[0];',
    ].join('\n'),
  },
  {
    holds: "from './types/deals.js'",
    declare: 'declare const baseUrl: string, apiToken: string, app: number;',
  },
];

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts'],
};

/** A project in `root` holding each block as a module of its own; with the page and line each module holds. */
export async function writeTsProject(root: string): Promise<{ files: Map<string, string> }> {
  const modules = join(root, 'node_modules');
  await mkdir(join(modules, '@types'), { recursive: true });
  await symlink(ROOT, join(modules, 'appdeploy'));
  await symlink(join(ROOT, 'node_modules/@kintone'), join(modules, '@kintone'));
  await symlink(join(ROOT, 'node_modules/@types/node'), join(modules, '@types/node'));
  await writeFile(join(root, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  // docs/types.md: the deals module of examples/crm, as `appdeploy types --out types` writes it.
  await cp(join(ROOT, 'examples/crm'), join(root, 'crm'), { recursive: true });
  const typed = await appdeploy(['types', '--out', join(root, 'types')], join(root, 'crm'));
  if (typed.code !== 0) throw new Error(typed.stderr);
  const files = new Map<string, string>();
  for (const [i, block] of TS_BLOCKS.entries()) {
    const name = `block-${i + 1}.ts`;
    const names = READERS_NAMES.filter((r) => block.text.includes(r.holds)).map((r) => r.declare);
    // `export {}`: a module, so that top-level await compiles and names stay its own.
    await writeFile(join(root, name), [...names, block.text, 'export {};', ''].join('\n'));
    files.set(name, blockId(block));
  }
  return { files };
}
