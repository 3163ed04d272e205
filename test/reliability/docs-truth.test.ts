/**
 * The README and docs/ are true as a new user reading them in their first hour finds them: the
 * Markdown is read here (never copied), and what it promises is tried against the built CLI
 * (`dist/cli/bin.js`) in temp folders, and against the local service on port 0:
 *
 * 1. every fenced YAML block that is appdeploy.yaml, a manifest or a record file validates where
 *    a user would put it (docs-truth/yaml-blocks.ts, with the fragments listed and why);
 * 2. every command line shown (shell blocks, the README's command table, code spans, the
 *    emulator's flag table) parses: its command and flags exist, with the values shown, and the
 *    lines to type run without a usage error; every command and option of the CLI is documented
 *    (docs-truth/command-lines.ts);
 * 3. every output sample is what the CLI prints in the situation the text describes
 *    (docs-truth/samples.ts, samples-migrations.ts), and the exit codes of the README's command
 *    table are those returned in the situations its cells name (docs-truth/exit-codes.ts);
 * 4. docs/errors.md's rows are the catalogue's entries cell by cell (that each code has its row:
 *    test/cli/error-catalogue.test.ts), and every link between pages resolves, to the heading;
 * 5. the README's tour, as written: test/first-run/tour.test.ts.
 * Besides: the TypeScript blocks compile (docs-truth/ts-blocks.ts), and the lists the pages give
 * of commands (those printing JSON errors, those using the proxy settings) are the CLI's.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors.js';
import { appdeploy, ROOT, runCli, runCommand } from '../support/cli.js';
import { useLocalService } from '../support/service.js';
import { useTempDir } from '../support/temp-dir.js';
import { ALL_BLOCKS, anchors, blockId, links, PAGES, pageText, tableCells } from './docs-truth/markdown.js';
import {
  cliFromHelp,
  commandTable,
  DOCUMENTED_LINES,
  misparse,
  shellWords,
  documentedOption,
  emulatorFlagTable,
  type CliCommand,
} from './docs-truth/command-lines.js';
import { EXIT_CASES } from './docs-truth/exit-codes.js';
import { compareFolded, compareFragment, compareJson, compareLines } from './docs-truth/compare.js';
import { FIRST_LINES, isOutputBlock, NOT_SAMPLES, SAMPLES, type Sample } from './docs-truth/samples.js';
import { edit, initProject, temp, type Ctx } from './docs-truth/situations.js';
import { TS_BLOCKS, writeTsProject } from './docs-truth/ts-blocks.js';
import { FRAGMENTS, isFragment, placeBlock, YAML_BLOCKS, yamlKind } from './docs-truth/yaml-blocks.js';
import { closedPort } from '../support/closed-port.js';

const dir = useTempDir('docs-truth');

describe('the YAML blocks', () => {
  const files = YAML_BLOCKS.filter((block) => !isFragment(block));

  it('are each appdeploy.yaml, a manifest or a record file, or a fragment listed with its reason', () => {
    expect(files.filter((block) => yamlKind(block) === undefined).map(blockId)).toEqual([]);
    // Each fragment listed is still in the docs, once.
    for (const fragment of FRAGMENTS)
      expect(
        YAML_BLOCKS.filter((block) => isFragment(block) === fragment).map(blockId),
        fragment.holds,
      ).toHaveLength(1);
  });

  it.each(files.map((block) => [blockId(block), block] as const))(
    '%s validates where a user would put it',
    async (_, block) => {
      const root = await mkdtemp(join(dir(), 'yaml-'));
      const { runs } = await placeBlock(block, yamlKind(block)!, root);
      for (const { env, variables } of runs) {
        const run = await appdeploy(
          ['validate', '--format', 'json', ...(env ? ['--env', env] : [])],
          root,
          variables,
        );
        expect(
          run.stdout + run.stderr,
          `${blockId(block)} (${yamlKind(block)}), environment ${env ?? 'default'}`,
        ).toContain('"valid": true');
        expect(run.code).toBe(0);
      }
    },
    60_000,
  );
});

describe('docs/errors.md', () => {
  // That every code has its row and no row lacks its code: test/cli/error-catalogue.test.ts.
  const rows = pageText('docs/errors.md')
    .split('\n')
    .filter((line) => /^\| `[A-Z_]+\.[A-Z_.]+` \|/.test(line))
    .map(tableCells);

  it.each(Object.entries(ERROR_CODES))('%s: its row is the catalogue entry, cell by cell', (code, entry) => {
    expect(rows.find((cells) => cells[0] === `\`${code}\``)).toEqual([
      `\`${code}\``,
      entry.summary,
      entry.hint,
      entry.where,
    ]);
  });
});

describe('docs/validate.md', () => {
  const listed = [
    ...(
      /\| `problems\[\]\.code` \| dotted and stable: ([^|]*)\|/.exec(pageText('docs/validate.md'))?.[1] ?? ''
    ).matchAll(/`([A-Z]+)\.\*`/g),
  ].map((m) => m[1]!);

  // Problems validate reports in record files, plug-in packages and environments: each code's
  // family is in the list the page gives.
  it.each([
    [
      'a record naming a field the app lacks',
      'records/tasks.yaml',
      ['- task_id: T-1', '- task_id: T-1\n  colour: red'],
    ],
    [
      'a plug-in package that is not one',
      'apps/tasks.yaml',
      ['\nlayout:', `\nplugins:\n  - { id: ${'a'.repeat(32)}, path: plugin.zip }\n\nlayout:`],
    ],
    [
      "an environment's time zone that is none",
      'appdeploy.yaml',
      ['  local: {}', '  local: { timeZone: Mars/Olympus }'],
    ],
  ] as const)('%s: its code is of a family the page lists', async (_, file, change) => {
    const root = await initProject(
      { folder: temp(dir()), serviceUrl: '' },
      { 'apps/plugin.zip': 'not a zip\n' },
    );
    await edit(root, file, [...change]);
    const run = await appdeploy(['validate', '--format', 'json'], root);
    const { problems } = JSON.parse(run.stdout) as { problems: { code: string }[] };
    expect(problems.length).toBeGreaterThan(0);
    for (const { code } of problems) expect(listed, code).toContain(code.split('.')[0]);
  });
});

describe('the package the README installs', () => {
  it("names the tarball and the package by this version (npm pack's file name)", async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const named = [...pageText('README.md').matchAll(/appdeploy(?:-|@)(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([version]));
  });
});

describe('the TypeScript blocks', () => {
  it('compile in a project that installs appdeploy, with strict settings', async () => {
    const root = await mkdtemp(join(dir(), 'ts-'));
    const { files } = await writeTsProject(root);
    expect(files.size).toBe(TS_BLOCKS.length);
    const tsc = await runCommand(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', root],
      root,
    );
    // Each error as the block it comes from: `block-2.ts(12,3)` is docs/client.md's.
    const errors = tsc.stdout.replace(/block-\d+\.ts/g, (name) => files.get(name) ?? name);
    expect(errors).toBe('');
    expect(tsc.code).toBe(0);
  }, 120_000);
});

describe('links between the pages', () => {
  it.each(PAGES)('%s: every relative link names a file that exists, and a heading of it', (page) => {
    const broken: string[] = [];
    for (const link of links(page)) {
      const [path, anchor] = link.target.split('#') as [string, string | undefined];
      const target = path === '' ? page : normalize(join(dirname(page), path));
      if (!existsSync(join(ROOT, target))) broken.push(`${page}:${link.line}: ${link.target}: no such file`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchors(target).has(anchor))
        broken.push(`${page}:${link.line}: ${link.target}: ${target} has no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the command lines', () => {
  let cli: CliCommand[] = [];
  beforeAll(async () => {
    cli = await cliFromHelp(dir());
  }, 60_000);

  it('are many, from shell blocks, the command table and the prose', () => {
    expect(DOCUMENTED_LINES.length).toBeGreaterThan(100);
  });

  it('each name a command and flags it has, with the values shown', () => {
    const wrong = DOCUMENTED_LINES.flatMap((line) =>
      misparse(line, cli).map((problem) => `${line.where}: appdeploy ${line.words.join(' ')}: ${problem}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the lines to type are taken by the CLI itself: no usage error, in a folder with no project', async () => {
    const refused: string[] = [];
    // The emulator would start serving on the port shown: the help comparison above is its check.
    for (const line of DOCUMENTED_LINES.filter((l) => l.kind === 'run' && l.words[0] !== 'emulator')) {
      const run = await appdeploy(line.words, await mkdtemp(join(dir(), 'parse-')));
      if (/--help for (its options|the commands)/.test(run.stderr) || run.code === 70)
        refused.push(`${line.where}: appdeploy ${line.words.join(' ')}: exit ${run.code}: ${run.stderr}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('every option of every command is documented for it', () => {
    const undocumented = cli.flatMap((command) =>
      command.options
        .filter((option) => !documentedOption(command.name, option))
        .map((option) => `${command.name} ${option.long}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('the README names every command that talks to a service where it says they use the proxy and certificate settings', () => {
    const said = /Every command that talks to a service uses these settings \(([^)]*)\)/.exec(
      pageText('README.md').replace(/\s+/g, ' '),
    );
    expect(said).not.toBeNull();
    const named = [...said![1]!.matchAll(/`(\w+)[^`]*`/g)].map((m) => m[1]);
    // The commands that talk to a service are those taking --concurrency (checked below).
    for (const command of cli.filter((c) => c.options.some((o) => o.long === '--concurrency')))
      expect(named, command.name).toContain(command.name);
  });

  it('the README says which commands take --concurrency, and they are the ones that do', () => {
    const said = /those that talk to a service \(([^)]*)\) also take `--concurrency N`/.exec(
      pageText('README.md').replace(/\s+/g, ' '),
    );
    expect(said).not.toBeNull();
    expect([...said![1]!.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()).toEqual(
      cli
        .filter((c) => c.options.some((o) => o.long === '--concurrency'))
        .map((c) => c.name)
        .sort(),
    );
  });

  it("docs/local-service.md's table of the emulator's flags gives the defaults --help gives", () => {
    const emulator = cli.find((c) => c.name === 'emulator')!;
    const wrong = emulatorFlagTable().flatMap((row) =>
      row.flags.flatMap((flag) => {
        const option = emulator.options.find((o) => o.long === flag[0] || o.short === flag[0]);
        const stated = option?.default;
        if (stated === undefined || stated === '[]') return [];
        return row.default.replace(/`/g, '').startsWith(stated)
          ? []
          : [`${row.where}: ${flag[0]}: the table says ${row.default}, --help ${stated}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('docs/errors.md names every command that takes --format json, whose errors print as JSON on stdout', async () => {
    const said = /A command run with `--format json` \(([^)]*)\)/.exec(
      pageText('docs/errors.md').replace(/\s+/g, ' '),
    );
    expect(said).not.toBeNull();
    const json = cli.filter((c) =>
      c.options.some((o) => o.long === '--format' && o.choices?.includes('json')),
    );
    expect(said![1]!.split(', ').sort()).toEqual(json.map((c) => c.name).sort());
    // In a folder with no project, each fails so: one JSON object on stdout.
    for (const command of json) {
      const args = [
        command.name,
        ...(command.args.some((a) => a.startsWith('<')) ? ['x.jsonl'] : []),
        '--format',
        'json',
      ];
      const run = await appdeploy(args, await mkdtemp(join(dir(), 'json-')));
      expect(run.code, args.join(' ')).toBe(1);
      expect(JSON.parse(run.stdout), args.join(' ')).toMatchObject({ error: { code: expect.any(String) } });
    }
  }, 60_000);

  it("the program's own options (--version) are in the README", async () => {
    const top = (await appdeploy(['--help'], dir())).stdout;
    const options = [
      ...top.slice(top.indexOf('Options:'), top.indexOf('Commands:')).matchAll(/--[\w-]+/g),
    ].map((m) => m[0]);
    expect(options).toContain('--version');
    for (const option of options) expect(pageText('README.md'), option).toContain(`npx appdeploy ${option}`);
  });

  it('every command has its row in the README table, and every row a command', () => {
    expect(
      commandTable()
        .map((row) => row.command)
        .filter((name, i, all) => all.indexOf(name) === i)
        .sort(),
    ).toEqual(cli.map((command) => command.name).sort());
  });
});

const service = useLocalService({
  emulator: {
    users: [
      { login: 'admin', password: 'admin', admin: true },
      { login: 'alice', password: 'alice', admin: false },
      { login: 'bob', password: 'bob', admin: false },
    ],
  },
});

describe('the output samples', () => {
  const found = (entry: { page: string; holds: string }) =>
    ALL_BLOCKS.filter((block) => block.page === entry.page && block.text.includes(entry.holds));
  const ctx = (): Ctx => ({ folder: temp(dir()), serviceUrl: service.url });

  it('are each listed with the situation they describe, or as not a sample with the reason', () => {
    const listed = [...SAMPLES, ...NOT_SAMPLES];
    const unlisted = ALL_BLOCKS.filter(isOutputBlock).filter(
      (block) => !listed.some((entry) => found(entry).includes(block)),
    );
    expect(unlisted.map(blockId)).toEqual([]);
    for (const entry of listed) expect(found(entry), `${entry.page}: ${entry.holds}`).toHaveLength(1);
  });

  it.each(SAMPLES.map((sample) => [`${sample.page}: ${sample.holds.slice(0, 60)}`, sample] as const))(
    '%s',
    async (_, sample: Sample) => {
      const vary = (text: string) =>
        (sample.vary ?? []).reduce((result, [pattern, to]) => result.replace(pattern, to), text);
      const block = vary(found(sample).at(0)!.text);
      const output = vary(await sample.produce(ctx()));
      const compare = {
        lines: compareLines,
        fragment: compareFragment,
        folded: compareFolded,
        json: compareJson,
      }[sample.compare];
      expect(compare(block, output), sample.situation).toBeUndefined();
    },
    120_000,
  );

  it.each(EXIT_CASES.map((c) => [`appdeploy ${c.row}: ${c.code}, ${c.says}`, c] as const))(
    'the README table: %s',
    async (_, c) => {
      const row = commandTable().find((r) => r.usage.join(' ') === c.row);
      expect(row, c.row).toBeDefined();
      expect(row!.exitCodes).toContain(c.says);
      expect(row!.exitCodes).toMatch(new RegExp(`(^|[ (])${c.code}\\b`));
      expect(await c.exit(ctx())).toBe(c.code);
    },
    60_000,
  );

  it('docs/local-service.md: the emulator serves the project, and the curl line shown lists its apps', async () => {
    const block = ALL_BLOCKS.find((b) => b.page === 'docs/local-service.md' && b.text.includes('curl '))!;
    const [serve, curl] = block.text.split('\n') as [string, string];
    const root = await initProject(ctx());
    await appdeploy(['apply', '--yes'], root);
    const port = String(await closedPort());
    const words = shellWords(serve.replace('8085', port)).words;
    expect(words.slice(0, 2)).toEqual(['npx', 'appdeploy']);
    // `-C .` is the project the reader is in: here a temp folder, given last (the last -C wins).
    const served = await runCli([...words.slice(2), '-C', root]);
    try {
      expect(served.firstLine).toBe(`listening on http://127.0.0.1:${port}`);
      const listed = await runCommand('sh', ['-c', curl.replace('8085', port)], root);
      expect(JSON.parse(listed.stdout)).toMatchObject({ apps: [{ name: 'Tasks' }] });
    } finally {
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it.each(FIRST_LINES.map((entry) => [entry.holds, entry] as const))(
    '%s: the first line its comment names',
    async (_, entry) => {
      const line = found(entry)
        .at(0)!
        .text.split('\n')
        .find((l) => l.includes(entry.holds))!;
      expect(line).toMatch(/# first line on stdout: /);
      expect(await entry.produce()).toBe(line.replace(/^.*# first line on stdout: /, ''));
    },
  );
});
