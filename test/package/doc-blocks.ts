/**
 * The TypeScript blocks of README.md and docs/, as a user's project holds them: each block as
 * written, after what it takes from its reader's code (values, where docs-truth's compile
 * declares only their types) and with the service's address put where the block names one.
 * pack.test.ts compiles them against the packed package under each module resolution a user's
 * project may use, and runs them against the local service: each must end by itself.
 */
import { TS_BLOCKS } from '../reliability/docs-truth/ts-blocks.js';
import { blockId, type Block } from '../reliability/docs-truth/markdown.js';

export interface DocBlockRun {
  /** A line the block holds, which finds it. */
  holds: string;
  /** Why it is compiled but not run here (run: undefined). */
  notRun?: string;
  /** What the block takes from its reader's code, before it. */
  before?: string;
  /** The address the block names for the service (replaced by the local service's). */
  serviceAddress?: string;
  /** Environment variables the block reads, given the service's address. */
  env?: (url: string) => Record<string, string>;
  /** What the service (or the folder it runs in) must hold for the block, made by the test before it runs. */
  needs?: 'app 12 with records' | 'a project with a staging environment';
}

export const DOC_BLOCK_RUNS: DocBlockRun[] = [
  { holds: "import { loadProject, plan, renderMarkdown, apply } from 'appdeploy';" },
  {
    holds: 'client.settings.getViews(',
    serviceAddress: "'https://example.com'",
    env: () => ({ PASSWORD: 'admin' }),
    needs: 'app 12 with records',
  },
  {
    holds: 'const planned = await plan({ project, client });',
    env: (url) => ({ STAGING_URL: url, STAGING_PASSWORD: 'admin' }),
    needs: 'a project with a staging environment',
  },
  { holds: 'startEmulator({ port: 0, deployMs: 20 })' },
  {
    holds: 'query.parseQuery(',
    before: [
      "import * as query from 'appdeploy/query';",
      "const properties = { status: { type: 'DROP_DOWN', code: 'status', options: { Open: { label: 'Open', index: '0' } } }, due: { type: 'DATE', code: 'due' } };",
      'const fields = query.fieldsFromProperties(properties);',
      "const allRecords = [{ status: { value: 'Open' }, due: { value: '2020-01-01' } }];",
    ].join('\n'),
  },
  {
    holds: 'await client.files.downloadTo({ fileKey }, target);',
    notRun:
      "a download key is a record's attachment's, which the service gives only for that record; files.downloadTo itself runs over a real socket in test/client/real-socket.test.ts",
  },
  {
    holds: "from './types/deals.js'",
    notRun:
      'the official client with a module `appdeploy types` writes: no import of appdeploy (docs-truth.test.ts compiles it)',
  },
];

/** Each TypeScript block with how it runs; a block the table does not find is an error. */
export function docBlocks(): { block: Block; id: string; run: DocBlockRun }[] {
  return TS_BLOCKS.map((block) => {
    const run = DOC_BLOCK_RUNS.find((r) => block.text.includes(r.holds));
    if (!run)
      throw new Error(`${blockId(block)}: a TypeScript block test/package/doc-blocks.ts does not list`);
    return { block, id: blockId(block), run };
  });
}

/** The module a block is in the user's project, with the service at `url`. */
export function blockModule(block: Block, run: DocBlockRun, url: string): string {
  const text = run.serviceAddress
    ? block.text.replaceAll(run.serviceAddress, JSON.stringify(url))
    : block.text;
  // `export {}`: a module, so that top-level await compiles and names stay its own.
  return [run.before ?? '', text, 'export {};', ''].join('\n');
}
