/**
 * One mistake, made and run: a fresh copy of a base project, one of its files mutated, then the
 * commands a user runs next (validate, plan, types, docs, export) through main() in this process,
 * each run checked (checks.ts).
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runMain, type MainRun } from '../../support/main-in-process.js';
import { check, errorsIn, shape, type Finding } from './checks.js';
import { mistakeFor, type FileKind, type Random } from './mistakes.js';
import { freshCopy, type BaseProject } from './projects.js';

/** chmod 000 keeps nobody out when running as root: such a mistake is skipped, not passed. */
export const UNREADABLE_WORKS = process.getuid?.() !== 0;

export interface Case {
  project: string;
  file: string;
  mistake: string;
  findings: Finding[];
  /** The commands run. */
  commands: number;
  /** The errors printed (their shape), to read what users are told. */
  errors: string[];
  skipped?: boolean;
}

function make(dir: string, file: string, outcome: ReturnType<typeof mistakeFor>['outcome']): void {
  const path = join(dir, file);
  switch (outcome.kind) {
    case 'content':
      mkdirSync(join(path, '..'), { recursive: true });
      if (existsSync(path) && statSync(path).isDirectory()) rmSync(path, { recursive: true });
      writeFileSync(path, outcome.content);
      return;
    case 'missing':
      rmSync(path, { recursive: true, force: true });
      return;
    case 'directory':
      rmSync(path, { recursive: true, force: true });
      mkdirSync(path, { recursive: true });
      return;
    case 'unreadable':
      chmodSync(path, 0o000);
      return;
  }
}

/** A command that did not end within the limit is a finding too (a hang a user waits on). */
async function within(args: string[], ms: number): Promise<MainRun> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<MainRun>((resolve) => {
    timer = setTimeout(
      () => resolve({ code: -1, out: '', err: `Error: no end within ${ms} ms (hang)\n` }),
      ms,
    );
  });
  try {
    return await Promise.race([runMain(args), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The commands a user runs after the edit: validate, plan (locally, and against the remote
 * environment where the project has one), types, docs and export. */
function commandsFor(base: BaseProject, dir: string, random: Random, chosen?: Chosen): string[][] {
  const commands = [
    ['validate', '--format', 'json'],
    random.pick([
      ['plan'],
      ['plan', '--format', 'json'],
      ['plan', '--format', 'markdown'],
      ['plan', '--check'],
      ['validate'],
    ]),
    random.int(4) === 0 ? ['types', '--check'] : ['types', '--out', join(dir, '_types')],
    ['docs', '--out', join(dir, '_docs')],
    ['export', '--app', base.app],
  ];
  if (base.remote.length > 0 && random.int(3) === 0)
    commands.push(['plan', '--env', random.pick(base.remote)]);
  // A mistake asked for by name runs every kind of plan: the one that met the defect among them.
  if (chosen) commands.push(['plan', '--check']);
  return commands.map((c) => [...c, '-C', dir]);
}

/** A mistake asked for by name, in a file of a kind (a regression case: found once, kept). */
export interface Chosen {
  kind: FileKind;
  mistake: string;
  /** The file, where the kind has several and the defect was in one. */
  file?: string;
}

export async function runCase(
  base: BaseProject,
  root: string,
  random: Random,
  chosen?: Chosen,
  limitMs = 30_000,
): Promise<Case> {
  const files = chosen
    ? base.files.filter(
        (f) => f.kind === chosen.kind && (chosen.file === undefined || f.path === chosen.file),
      )
    : base.files;
  const target = random.pick(files.length > 0 ? files : base.files);
  const dir = freshCopy(base, root);
  const source = existsSync(join(dir, target.path)) ? readFileSync(join(dir, target.path), 'utf8') : '';
  const mistake = mistakeFor(target.kind, source, random, chosen?.mistake);
  const result: Case = {
    project: base.name,
    file: target.path,
    mistake: mistake.name,
    findings: [],
    commands: 0,
    errors: [],
  };
  if (mistake.outcome.kind === 'unreadable' && !UNREADABLE_WORKS) {
    rmSync(dir, { recursive: true, force: true });
    return { ...result, skipped: true };
  }
  make(dir, target.path, mistake.outcome);
  // A quarter of the time, a second mistake in another file: people rarely make one alone.
  const other = random.pick(base.files.filter((f) => f.path !== target.path));
  if (!chosen && other && random.int(4) === 0) {
    const source2 = existsSync(join(dir, other.path)) ? readFileSync(join(dir, other.path), 'utf8') : '';
    const second = mistakeFor(other.kind, source2, random);
    if (second.outcome.kind !== 'unreadable') {
      make(dir, other.path, second.outcome);
      result.mistake += `; and ${other.path}: ${second.name}`;
    }
  }
  try {
    for (const args of commandsFor(base, dir, random, chosen)) {
      const run = await within(args, limitMs);
      result.commands++;
      for (const e of errorsIn(run.err))
        result.errors.push(`${target.kind}: ${shape(e.message)} || ${e.hint ?? ''}`);
      const name = args
        .slice(0, args.indexOf('-C'))
        .filter((a) => !a.startsWith('/'))
        .join(' ');
      for (const f of check(name, run))
        result.findings.push({ ...f, signature: `${target.kind}: ${f.signature}` });
      if (run.code === -1) result.findings.push({ signature: `${target.kind}: ${name}: hang`, detail: '' });
    }
  } finally {
    if (mistake.outcome.kind === 'unreadable') chmodSync(join(dir, target.path), 0o644);
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
