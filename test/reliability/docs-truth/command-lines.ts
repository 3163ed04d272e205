/**
 * The command lines README.md and docs/ show: in shell blocks, in the README's command table
 * (the command and its "Main flags"), and in code spans of the prose (`npx appdeploy init .`,
 * `plan --check`), each with where it is written. And the CLI as its `--help` describes it, to
 * check them against: the commands, each one's options (the value each takes, its choices) and
 * its arguments.
 */
import { appdeploy } from '../../support/cli.js';
import { ALL_BLOCKS, PAGES, pageText, prose, tableCells } from './markdown.js';

export interface DocumentedLine {
  /** `page:line`. */
  where: string;
  /** The words after `appdeploy`, as a shell would split them. */
  words: string[];
  /**
   * `run`: a line to type (a shell block), whole; `mention`: a code span naming a command and
   * some flags (`plan --out`: the value may be left out); `synopsis`: `[--out DIR]`, `text|json`
   * and placeholders in capitals, as in the command table and the usage lines.
   */
  kind: 'run' | 'mention' | 'synopsis';
}

/** Splits a shell line into words: quotes kept together, stopping at `#`, `>`, `|`, `&`, `;`. */
export function shellWords(line: string): { words: string[]; rest: string } {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ') i++;
    if (i >= line.length || '#>|&;'.includes(line[i]!)) break;
    let word = '';
    while (i < line.length && line[i] !== ' ') {
      const quote = line[i];
      if (quote === "'" || quote === '"') {
        const end = line.indexOf(quote, i + 1);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else word += line[i++];
    }
    words.push(word);
  }
  return { words, rest: line.slice(i) };
}

/** The appdeploy command lines of the shell blocks (a `\` continues a line; `&&` starts another). */
function shellLines(): DocumentedLine[] {
  const found: DocumentedLine[] = [];
  for (const block of ALL_BLOCKS.filter((b) => b.lang === 'sh')) {
    const lines = block.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i]!;
      const first = i;
      while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!;
      for (const part of line.split('&&')) {
        // `npx appdeploy ...` or `appdeploy ...` as the line's command (not `npm ... appdeploy`).
        if (!/^\s*(?:npx )?appdeploy(?= |$)/.test(part)) continue;
        const words = shellWords(part).words;
        const start = words.indexOf('appdeploy');
        const synopsis = /\[-|\|/.test(part);
        found.push({
          where: `${block.page}:${block.line + 1 + first}`,
          words: words.slice(start + 1),
          kind: synopsis ? 'synopsis' : 'run',
        });
      }
    }
  }
  return found;
}

/** `appdeploy CMD ...` and `CMD --flag ...` in code spans of the prose (not in blocks). */
function spanLines(): DocumentedLine[] {
  const found: DocumentedLine[] = [];
  const commandNames = commandTable().map((row) => row.command);
  for (const page of PAGES) {
    const text = prose(page);
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const span = match[1]!.replace(/\s+/g, ' ').trim();
      const line = text.slice(0, match.index).split('\n').length;
      const named = /^(?:npx )?appdeploy (.*)$/.exec(span);
      const bare = new RegExp(`^((?:${commandNames.join('|')}) -.*)$`).exec(span);
      const rest = named?.[1] ?? bare?.[1];
      if (rest === undefined || (page === 'README.md' && isTableLine(page, line))) continue;
      found.push({
        where: `${page}:${line}`,
        words: shellWords(rest).words,
        kind: /\[|\||\b[A-Z]{2,}\b/.test(rest) ? 'synopsis' : 'mention',
      });
    }
  }
  return found;
}

const isTableLine = (page: string, line: number) => pageText(page).split('\n')[line - 1]!.startsWith('| `');

export interface TableRow {
  where: string;
  command: string;
  /** The command cell's words after `appdeploy` (`init [DIR]`). */
  usage: string[];
  /** Each code span of the "Main flags" cell, as words (`--format text|json`). */
  flags: string[][];
  /** The "Exit codes" cell. */
  exitCodes: string;
  /** The whole row, for what it says. */
  text: string;
}

/** The rows of the README's command table. */
export function commandTable(): TableRow[] {
  return pageText('README.md')
    .split('\n')
    .flatMap((text, i) => {
      const cells = ['', ...tableCells(text)];
      const usage = /^`appdeploy ([^`]+)`$/.exec(cells[1] ?? '');
      if (!usage) return [];
      const words = usage[1]!.split(' ');
      return [
        {
          where: `README.md:${i + 1}`,
          command: words[0]!,
          usage: words,
          flags: [...cells[3]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split(' ')),
          exitCodes: cells[4]!,
          text,
        },
      ];
    });
}

/** The table's rows as command lines: the command cell, and the command with each flag. */
function tableLines(): DocumentedLine[] {
  return commandTable().flatMap((row) => [
    { where: row.where, words: row.usage, kind: 'synopsis' as const },
    ...row.flags
      .filter((flag) => flag[0]!.startsWith('-'))
      .map((flag) => ({ where: row.where, words: [...row.usage, ...flag], kind: 'synopsis' as const })),
  ]);
}

/** A row of docs/local-service.md's table of the emulator's flags. */
export interface FlagRow {
  where: string;
  /** Each flag of the first cell, as words: `--port N`. */
  flags: string[][];
  default: string;
}

export function emulatorFlagTable(): FlagRow[] {
  return pageText('docs/local-service.md')
    .split('\n')
    .flatMap((text, i) => {
      if (!/^\| `-/.test(text)) return [];
      const [flags, fallback] = tableCells(text);
      return [
        {
          where: `docs/local-service.md:${i + 1}`,
          flags: [...flags!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split(' ')),
          default: fallback!,
        },
      ];
    });
}

function flagTableLines(): DocumentedLine[] {
  return emulatorFlagTable().flatMap((row) =>
    row.flags.map((flag) => ({ where: row.where, words: ['emulator', ...flag], kind: 'synopsis' as const })),
  );
}

export const DOCUMENTED_LINES: DocumentedLine[] = [
  ...shellLines(),
  ...spanLines(),
  ...tableLines(),
  ...flagTableLines(),
];

/** One option as `--help` lists it. */
export interface CliOption {
  long: string;
  short?: string;
  /** The value's name (`<file>`), or undefined for a switch. */
  value?: string;
  /** `(choices: "text", "json")`. */
  choices?: string[];
  /** `(default: 8085)`, `(default: "127.0.0.1")`: the value, unquoted. */
  default?: string;
}

export interface CliCommand {
  name: string;
  /** The arguments of its usage line: `[dir]`, `<backup>`, `[apps...]`. */
  args: string[];
  options: CliOption[];
}

/** The CLI as the built `--help` says it. */
export async function cliFromHelp(cwd: string): Promise<CliCommand[]> {
  const top = (await appdeploy(['--help'], cwd)).stdout;
  const names = [...top.matchAll(/^ {2}(\w+) (?:\[options\] )?(.*?)\s{2,}/gm)]
    .map((m) => ({ name: m[1]!, args: m[2]!.split(' ').filter(Boolean) }))
    .filter((command) => command.name !== 'help');
  return Promise.all(
    names.map(async ({ name, args }) => ({
      name,
      args,
      options: optionsOf((await appdeploy([name, '--help'], cwd)).stdout),
    })),
  );
}

function optionsOf(help: string): CliOption[] {
  const section = help.slice(help.indexOf('Options:'));
  // One entry per option: its line and the lines its description continues on.
  const entries = section.split(/\n(?= {2}-)/).slice(1);
  return entries
    .map((entry) => {
      const head = /^ {2}(?:(-\w), )?(--[\w-]+)(?: <([^>]+)>)?/.exec(entry)!;
      const folded = entry.replace(/\s+/g, ' ');
      const choices = /choices: ((?:"[^"]*"(?:, )?)+)/.exec(folded);
      const fallback = /\(default: ("[^"]*"|[^,)\s]+)\)/.exec(folded);
      return {
        long: head[2]!,
        ...(head[1] ? { short: head[1] } : {}),
        ...(head[3] ? { value: head[3] } : {}),
        ...(choices ? { choices: [...choices[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) } : {}),
        ...(fallback ? { default: fallback[1]!.replace(/^"|"$/g, '') } : {}),
      };
    })
    .filter((option) => option.long !== '--help');
}

/** What is wrong with a documented line, by the CLI's help: [] when it parses. */
export function misparse(line: DocumentedLine, cli: CliCommand[]): string[] {
  const [name, ...rest] = line.words;
  if (name === '--help' || name === '--version') return [];
  const command = cli.find((c) => c.name === name);
  if (!command) return [`no command "${name}"`];
  const problems: string[] = [];
  let positionals = 0;
  for (let i = 0; i < rest.length; i++) {
    // A synopsis's brackets: `[--tls-client-ca`, `FILE]`, `[-C DIR]`.
    const word = line.kind === 'synopsis' ? rest[i]!.replace(/^\[|\]$/g, '') : rest[i]!;
    if (word === '' || word === '…' || word === '...') continue;
    if (!word.startsWith('-') || word === '-') {
      positionals++;
      continue;
    }
    const [flag, inline] = word.split('=') as [string, string | undefined];
    const option = command.options.find((o) => o.long === flag || o.short === flag);
    if (!option) {
      problems.push(`${name} has no option ${flag}`);
      continue;
    }
    if (!option.value) {
      if (inline !== undefined) problems.push(`${name} ${flag} takes no value`);
      continue;
    }
    const value = inline ?? rest[i + 1]?.replace(/\]$/, '').replace(/…$/, '');
    if (inline === undefined) i++;
    if (value === undefined || value.startsWith('-')) {
      if (line.kind !== 'mention' || value !== undefined)
        problems.push(`${name} ${flag} wants a value (<${option.value}>)`);
      if (value?.startsWith('-')) i--;
      continue;
    }
    const values = line.kind === 'synopsis' ? value.split('|') : [value];
    for (const each of values)
      if (option.choices && !option.choices.includes(each) && !isPlaceholder(each))
        problems.push(`${name} ${flag} ${each}: not one of ${option.choices.join(', ')}`);
  }
  if (positionals > 0 && command.args.length === 0)
    problems.push(`${name} takes no argument, given ${positionals}`);
  return problems;
}

const isPlaceholder = (value: string) => /^[A-Z][A-Z_]*$/.test(value);

/** The options the README's paragraph before the table gives every project command. */
const PROJECT_OPTIONS = ['--directory', '--config', '--env', '--concurrency', '--verbose'];

/**
 * Whether the docs say `command` takes `option`: its row of the README table names it, the
 * paragraph before the table does (the project options), a documented line of that command uses it,
 * or the page the row links to for details names it.
 */
export function documentedOption(command: string, option: CliOption): boolean {
  const flags = [option.long, ...(option.short ? [option.short] : [])];
  const rows = commandTable().filter((row) => row.command === command);
  if (rows.some((row) => row.flags.some((flag) => flags.includes(flag[0]!.replace(/^\[/, ''))))) return true;
  if (PROJECT_OPTIONS.includes(option.long)) return true;
  if (
    DOCUMENTED_LINES.some(
      (line) =>
        line.words[0] === command && line.words.some((w) => flags.includes(w.replace(/^\[|=.*$/g, ''))),
    )
  )
    return true;
  return rows.some((row) =>
    [...row.text.matchAll(/\[details\]\((docs\/[\w-]+\.md)/g)].some((link) =>
      new RegExp('`[^`]*' + option.long + '\\b').test(pageText(link[1]!)),
    ),
  );
}
