/**
 * Mistakes on the command line that once met an answer short of docs/errors.md's promise (what
 * is wrong, where, what to do next), each found by test/reliability/cli-mistakes.test.ts and fixed
 * in its own commit. Through main(), in this process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.js';

/** An `init` project, applied to its local environment: the tasks app, with an id. */
let project = '';
beforeAll(async () => {
  project = join(mkdtempSync(join(tmpdir(), 'appdeploy-cli-mistakes-')), 'p');
  expect((await runMain(['init', project])).code).toBe(0);
  expect((await runMain(['apply', '-C', project, '--yes'])).code).toBe(0);
}, 60_000);
afterAll(() => rmSync(join(project, '..'), { recursive: true, force: true }));

const missing = '/nonexistent-appdeploy-project';

describe('a command line commander refuses, under --format json', () => {
  it.each([
    [
      ['plan', '-C', missing, '--format', 'json', 'extra'],
      "too many arguments for 'plan'. Expected 0 arguments but got 1.",
      'Run the command with --help for its options.',
    ],
    [
      ['status', '--format', 'json', '--nosuch'],
      "unknown option '--nosuch'",
      'Run the command with --help for its options.',
    ],
    [
      ['validate', '--format=json', '--env'],
      "option '--env <name>' argument missing",
      'Run the command with --help for its options.',
    ],
    [
      ['plna', '--format', 'json'],
      "unknown command 'plna'\n(Did you mean plan?)",
      'Run `npx appdeploy --help` for the commands.',
    ],
  ])(
    '%j: the message without commander\'s "error:", and the next step as its hint',
    async (args, message, hint) => {
      const result = await runMain(args);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.out)).toEqual({ error: { code: 'USAGE', message, hint, exitCode: 1 } });
      // The text on stderr is commander's, as before.
      expect(result.err).toContain(`\n${hint}\n`);
    },
  );
});

describe('a name the project lacks, one slip from one it has: did you mean', () => {
  it.each([
    [['plan', '--app', 'taks'], 'PLAN.UNKNOWN_APP', 'Did you mean "tasks"? The project\'s apps are tasks.'],
    [
      ['status', '--app', 'Tasks'],
      'PLAN.UNKNOWN_APP',
      'Did you mean "tasks"? The project\'s apps are tasks.',
    ],
    [
      ['apply', '--app', 'tasks ', '--yes'],
      'PLAN.UNKNOWN_APP',
      'Did you mean "tasks"? The project\'s apps are tasks.',
    ],
    [['seed', 'tsks', '--yes'], 'SEED.APP', 'Did you mean "tasks"? Name apps with a record file: tasks.'],
    [
      ['export', '--records', '--app', 'task'],
      'EXPORT.RECORDS_APP',
      'Did you mean "tasks"? Name one of the project\'s apps: tasks.',
    ],
    [
      ['export', '--app', 'taskz'],
      'EXPORT.UNKNOWN_APP',
      'Did you mean "tasks"? The project\'s apps are tasks.',
    ],
    [
      ['export', '--records', '--app', 'tasks', '--mask', 'titel'],
      'EXPORT.MASK_FIELD',
      'Did you mean "title"? Mask text, number, date, time, link and choice fields (a table\'s columns by their own codes); leave users and files out of --mask.',
    ],
  ])('%j: %s', async (args, code, hint) => {
    process.env.APPDEPLOY_MASK_KEY = 'a-mask-key-of-the-test-0123456789';
    try {
      const result = await runMain([...args, '-C', project, '--format', 'json']);
      expect(result.code).toBe(1);
      expect((JSON.parse(result.out) as { error: unknown }).error).toMatchObject({ code, hint });
    } finally {
      delete process.env.APPDEPLOY_MASK_KEY;
    }
  });
});

describe('an option whose value was forgotten, the next option taken in its place', () => {
  it.each([
    [
      ['plan', '--out', '--detailed-exitcode'],
      "option '--out <file>' argument missing: --detailed-exitcode is an option of plan",
    ],
    [
      ['types', '-C', '--check'],
      "option '-C, --directory <dir>' argument missing: --check is an option of types",
    ],
    [
      ['status', '--app', 'tasks', '--app', '--format=json'],
      "option '--app <key>' argument missing: --format=json is an option of status",
    ],
    [
      ['export', '--records', '--app', 'tasks', '--query', '--force'],
      "option '--query <query>' argument missing: --force is an option of export",
    ],
    [['apply', '--env', '-h'], "option '--env <name>' argument missing: -h is an option of apply"],
    [
      ['emulator', '--port', '0', '--group', '--no-control'],
      "option '--group <code:login,...>' argument missing: --no-control is an option of emulator",
    ],
  ])('%j: refused as commander refuses a missing value, nothing written', async (args, message) => {
    // In the project, so that a value misread as a path (plan --out) would land there.
    const cwd = process.cwd();
    process.chdir(project);
    try {
      const before = readdirSync(project);
      const result = await runMain(args);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`Error: ${message}, not a value`);
      expect(result.err).toContain('\nRun the command with --help for its options.\n');
      expect(readdirSync(project)).toEqual(before);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('an empty path or argument (a variable not set)', () => {
  it.each([
    [['types', '--out', ''], "option '--out <dir>' argument"],
    [['docs', '--out', ''], "option '--out <dir>' argument"],
    [['plan', '--out', ''], "option '--out <file>' argument"],
    [['status', '--config', ''], "option '--config <file>' argument"],
    [['apply', ''], "argument 'planfile'"],
    [['restore', '', '--yes'], "argument 'backup'"],
    [['init', ''], "argument 'dir'"],
    [['seed', 'tasks', '', '--yes'], "argument 'apps'"],
    [['emulator', '--port', '0', '--data', ''], "option '--data <dir>' argument"],
  ])('%j: refused, naming it, nothing written', async (args, named) => {
    const cwd = process.cwd();
    process.chdir(project);
    try {
      const before = readdirSync(project);
      const result = await runMain(args);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        `Error: ${named} is empty: give it a value (an empty one is most often a variable that is not set)\n`,
      );
      expect(readdirSync(project)).toEqual(before);
    } finally {
      process.chdir(cwd);
    }
  });

  it('-C "" is the current folder, as for git', async () => {
    const cwd = process.cwd();
    process.chdir(project);
    try {
      expect((await runMain(['validate', '-C', ''])).code).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('an emulator that cannot start says what to do', () => {
  it.each([
    [
      ['--data', 'appdeploy.yaml'],
      '--data appdeploy.yaml: appdeploy.yaml is a file, not a folder',
      'Give --data a folder (created if missing), or leave it out to keep the data in memory.',
    ],
    [
      ['--data', 'appdeploy.yaml/data'],
      '--data appdeploy.yaml/data: appdeploy.yaml is a file, not a folder',
      'Give --data a folder (created if missing), or leave it out to keep the data in memory.',
    ],
    [
      ['--tls-cert', 'apps/tasks.yaml', '--tls-key', 'apps/tasks.yaml'],
      'cannot start the emulator: ',
      'Give --tls-cert a PEM certificate and --tls-key its own PEM private key (-----BEGIN ...----- files); --tls-client-ca a PEM CA certificate.',
    ],
  ])('emulator %j', async (args, message, hint) => {
    const cwd = process.cwd();
    process.chdir(project);
    try {
      const before = readdirSync(project);
      const result = await runMain(['emulator', '--port', '0', ...args]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`Error: ${message}`);
      expect(result.err).toContain(`\n  ${hint}\n`);
      expect(readdirSync(project)).toEqual(before);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('--check-records without --check', () => {
  it.each([
    [
      ['plan', '--check-records', '5'],
      '--check-records 5 without --check: there is no copy to put the records in',
    ],
    [
      ['apply', '--check-records', '500', '--yes'],
      '--check-records 500 without --check: there is no copy to put the records in',
    ],
  ])('%j: refused before anything is read', async (args, message) => {
    const result = await runMain([...args, '-C', project, '--format', 'json']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.out) as { error: unknown }).error).toMatchObject({
      code: 'PLAN.CHECK_RECORDS_ALONE',
      message,
    });
  });

  it.each([[['plan', '--check-records', '0']], [['plan', '--check', '--check-records', '2']]])(
    '%j: fine',
    async (args) => {
      expect((await runMain([...args, '-C', project])).code).toBe(0);
    },
  );
});

describe('--max-chars', () => {
  it.each([
    [['--format', 'markdown', '--max-chars', '999'], '--max-chars 999: not 0 or a whole number from 1000'],
    [['--format', 'markdown', '--max-chars', '64k'], '--max-chars 64k: not 0 or a whole number from 1000'],
    [['--max-chars', '5000'], '--max-chars 5000 with --format text: only Markdown is cut'],
  ])('plan %j: refused before anything is read', async (args, message) => {
    const result = await runMain(['plan', '-C', project, ...args]);
    expect(result.code).toBe(1);
    // With --format markdown the error is the comment on stdout too (markdown-errors.test.ts).
    expect(result.out).toEqual(
      args.includes('markdown') ? expect.stringContaining(`> Error: ${message}\n`) : '',
    );
    expect(result.err).toContain(`Error: ${message}\n`);
    expect(result.err).not.toContain('Bug');
  });

  it('plan --format json --max-chars 0: refused, in JSON', async () => {
    const result = await runMain(['plan', '-C', project, '--format', 'json', '--max-chars', '0']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.out) as { error: unknown }).error).toMatchObject({
      code: 'PLAN.MAX_CHARS_ALONE',
      message: '--max-chars 0 with --format json: only Markdown is cut',
    });
  });

  it.each([['0'], ['1000'], ['65536']])('plan --format markdown --max-chars %s: fine', async (n) => {
    const result = await runMain(['plan', '-C', project, '--format', 'markdown', '--max-chars', n]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('No changes.');
  });
});

describe('a --mask that masks nothing', () => {
  it.each([
    [['--mask', ''], "option '--mask <codes>' argument '' is invalid. It names no field"],
    [['--mask', ' , '], "option '--mask <codes>' argument ' , ' is invalid. It names no field"],
    [
      ['--mask', 'title'],
      '--mask needs APPDEPLOY_MASK_KEY of 16 characters or more, spaces aside',
      ' '.repeat(20),
    ],
  ])(
    '%j: refused, the record file left as it was',
    async (mask, message, key = 'a-mask-key-of-the-test-0123456789') => {
      const before = readFileSync(join(project, 'records/tasks.yaml'), 'utf8');
      process.env.APPDEPLOY_MASK_KEY = key;
      try {
        const result = await runMain(['export', '--records', '--app', 'tasks', ...mask, '-C', project]);
        expect(result.code).toBe(1);
        expect(result.err).toContain(`Error: ${message}`);
        expect(readFileSync(join(project, 'records/tasks.yaml'), 'utf8')).toBe(before);
      } finally {
        delete process.env.APPDEPLOY_MASK_KEY;
      }
    },
  );
});

describe('apply given a PLANFILE it cannot read', () => {
  it.each([
    [
      'tasks',
      'tasks: no such file',
      '"tasks" is an app of the project, not a plan file: did you mean `npx appdeploy apply --app tasks',
    ],
    ['plan.json', 'plan.json: no such file', 'Save one with `npx appdeploy plan'],
    ['apps', 'apps: a folder, not a plan file', 'Save one with `npx appdeploy plan'],
  ])('apply %s: says what the path is, and what was meant', async (planFile, message, hint) => {
    const cwd = process.cwd();
    process.chdir(project);
    try {
      const result = await runMain(['apply', planFile, '--format', 'json']);
      expect(result.code).toBe(1);
      const error = (JSON.parse(result.out) as { error: { code: string; message: string; hint: string } })
        .error;
      expect(error.code).toBe('APPLY.BAD_PLANFILE');
      expect(error.message.endsWith(message)).toBe(true);
      expect(error.hint).toContain(hint);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('export --space given what is not a space id', () => {
  it.each([[''], ['abc'], ['0'], ['-3'], ['1.5'], ['3 ']])(
    '--space %j: refused, naming --space',
    async (space) => {
      const result = await runMain(['export', '--space', space, '-C', project, '--format', 'json']);
      expect(result.code).toBe(1);
      expect((JSON.parse(result.out) as { error: unknown }).error).toEqual({
        code: 'EXPORT.SPACE_ID',
        message: `--space ${space}: not a space id`,
        hint: "Give the space's id, a whole number from 1 (the number after /k/#/space/ in the space's address).",
        exitCode: 1,
      });
    },
  );

  it('a space id is taken', async () => {
    // No app in that space on the local service: nothing to export, and nothing refused.
    expect((await runMain(['export', '--space', '007', '-C', project])).code).toBe(0);
  });
});
