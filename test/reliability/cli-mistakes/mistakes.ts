/**
 * The mistakes people make on appdeploy's command line, drawn from a seeded generator: each a
 * command line (run in a fresh copy of the project, as the current folder) and what the docs
 * promise for it. `refused`: the command must stop with exit 1, an error that says what and what
 * to do, and write nothing (docs/errors.md: a command line commander refuses is USAGE, exit 1;
 * every user-fixable error exits 1). `any`: the line may be fine (a repeated option, a value that
 * happens to work), so only the rules every run keeps are checked.
 */
import { seededRandom } from '../../support/seeded-random.js';
import { COMMANDS, type CommandSpec, type ValueKind } from './commands.js';
import { APPS, ENVIRONMENTS, FIELDS, FIXTURES, SECRETS } from './world.js';

export interface Mistake {
  family: string;
  /** What the mistake is, for the report. */
  label: string;
  /** The arguments after `appdeploy`. */
  args: string[];
  /** Variables set for the run (undefined: unset). */
  variables?: Record<string, string | undefined>;
  /** Made before the run: a change for apply (the manifest) or seed (a record) to ask about. */
  pendingChange?: 'manifest' | 'records';
  expect: 'refused' | 'any';
  /** A word the output must suggest ("Did you mean"), where one candidate is obvious. */
  suggests?: string;
  /** What the error must name, for the user to see where the mistake is. */
  names?: string;
  /** Run as the built CLI in a process of its own (the emulator always is). */
  built?: boolean;
}

export class Random {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = seededRandom(seed);
  }
  int(n: number): number {
    return Math.floor(this.#next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** One typing slip in `word`: a letter dropped, doubled, swapped with the next, or replaced. */
export function typo(random: Random, word: string): string {
  const i = random.int(word.length);
  const kind = random.int(4);
  if (kind === 0 && word.length > 3) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i]! + word.slice(i);
  if (kind === 2 && i < word.length - 1)
    return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
  const letters = 'aeiourstnl';
  const other = letters.replace(word[i] ?? '', '')[random.int(letters.length - 1)]!;
  return word.slice(0, i) + other + word.slice(i + 1);
}

/** A slip in a flag's name (after its dashes) that makes no other flag of the command. */
function flagTypo(random: Random, command: CommandSpec, flag: string): string | undefined {
  for (let tries = 0; tries < 5; tries++) {
    const slipped = `--${typo(random, flag.slice(2))}`;
    if (!command.options.some((o) => o.flag === slipped) && slipped !== '--help' && slipped !== '--')
      return slipped;
  }
  return undefined;
}

/** Values of the wrong kind per kind of option, each refused (docs: the option's help and README). */
const WRONG_VALUES: Partial<Record<ValueKind, string[]>> = {
  count: ['abc', '-1', '0', '1.5', '1e2', '４', '0x10', 'NaN', '5 apps'],
  whole: ['abc', '-1', '1.5', '1e3', 'NaN', 'Infinity', '0x10', '５'],
  port: ['abc', '-1', '65536', '99999', '80.5', 'http'],
  duration: ['0', 'abc', '-1', '10x', '0s', 'm', '10 minutes', '1d', '-5m'],
  format: ['yml', 'JSON', 'Json', 'txt', 'md', 'yaml', 'html'],
  locale: ['fr', 'EN', 'jp', 'en-US', 'english'],
  space: ['abc', '0', '-3', '1.5', 'space-1'],
  user: ['nopass', ':secret', 'login:', ':'],
  unit: [':alice', ':'],
};

/** Values that are fine where the help says so, but easy to get wrong (checked as `any`). */
const ODD_VALUES: Partial<Record<ValueKind, string[]>> = {
  count: ['100', '1', '007', ' 5'],
  whole: ['0', '00', ' 7'],
  duration: ['10', '1.5m', '500ms', '1h', ' 90s'],
  query: ['order by $id desc', 'title like "é"', 'title = "\u3042\u3044"'],
};

/** The least a command needs besides the mistake, so that the mistake is what it meets. */
function needs(command: CommandSpec): string[] {
  if (command.name === 'export') return ['--records', '--app', 'tasks'];
  if (command.name === 'restore') return [FIXTURES.backupLike];
  if (command.name === 'emulator') return ['--port', '0'];
  return [];
}

/**
 * What a command needs besides a mistake in `option`: export's settings options (--app, --space)
 * go without --records, whose own error would come first.
 */
function needsBeside(command: CommandSpec, option: { kind: ValueKind }): string[] {
  return command.name === 'export' && ['app', 'space'].includes(option.kind) ? [] : needs(command);
}

/** The commands that ask before they write, and what makes them ask. */
const CONFIRMING = ['apply', 'revert', 'seed'];

type Generator = (random: Random) => Mistake | undefined;

const nonEmulator = COMMANDS.filter((c) => c.name !== 'emulator');

export const GENERATORS: Record<string, Generator> = {
  misspeltCommand(random) {
    const command = random.pick(COMMANDS);
    const slipped = typo(random, command.name);
    if (COMMANDS.some((c) => c.name === slipped) || slipped === 'help') return undefined;
    return {
      family: 'misspeltCommand',
      label: `${slipped} for ${command.name}`,
      args: [slipped],
      expect: 'refused',
      ...(command.name.length >= 4 ? { suggests: command.name } : {}),
      names: slipped,
    };
  },
  misspeltOption(random) {
    const command = random.pick(COMMANDS);
    const option = random.pick(command.options.filter((o) => o.flag.length > 5));
    const slipped = flagTypo(random, command, option.flag);
    if (slipped === undefined) return undefined;
    const value = option.kind === 'flag' ? [] : ['x'];
    return {
      family: 'misspeltOption',
      label: `${command.name} ${slipped} for ${option.flag}`,
      args: [command.name, ...needs(command), slipped, ...value],
      expect: 'refused',
      suggests: option.flag,
      names: slipped,
    };
  },
  missingValue(random) {
    const command = random.pick(COMMANDS);
    const option = random.pick(command.options.filter((o) => o.kind !== 'flag'));
    return {
      family: 'missingValue',
      label: `${command.name} ${option.flag} at the end`,
      args: [command.name, ...needs(command), option.flag],
      expect: 'refused',
      names: option.flag,
    };
  },
  optionTakenAsValue(random) {
    // `plan --out --detailed-exitcode`: the value forgotten, the next option taken in its place.
    const command = random.pick(COMMANDS);
    const option = random.pick(command.options.filter((o) => o.kind !== 'flag'));
    const next = random.pick(command.options.filter((o) => o.kind === 'flag' && o.flag !== '--yes'));
    if (next === undefined) return undefined;
    return {
      family: 'optionTakenAsValue',
      label: `${command.name} ${option.flag} ${next.flag}`,
      args: [command.name, ...needs(command), option.flag, next.flag],
      expect: 'refused',
      names: option.flag,
    };
  },
  wrongValue(random) {
    const command = random.pick(COMMANDS.filter((c) => c.options.some((o) => WRONG_VALUES[o.kind])));
    const option = random.pick(command.options.filter((o) => WRONG_VALUES[o.kind]));
    let value = random.pick(WRONG_VALUES[option.kind]!);
    // A format another command has is still not this one's.
    if (option.kind === 'format' && command.formats?.includes(value)) value = 'yml';
    const extra =
      option.flag === '--check-records'
        ? ['--check']
        : option.flag === '--max-chars'
          ? ['--format', 'markdown']
          : [];
    return {
      family: 'wrongValue',
      label: `${command.name} ${option.flag} ${JSON.stringify(value)}`,
      args: [command.name, ...needsBeside(command, option), ...extra, option.flag, value],
      expect: 'refused',
      names: option.flag,
    };
  },
  oddValue(random) {
    const command = random.pick(nonEmulator.filter((c) => c.options.some((o) => ODD_VALUES[o.kind])));
    const option = random.pick(command.options.filter((o) => ODD_VALUES[o.kind]));
    const value = random.pick(ODD_VALUES[option.kind]!);
    return {
      family: 'oddValue',
      label: `${command.name} ${option.flag} ${JSON.stringify(value)}`,
      args: [
        command.name,
        ...needs(command),
        option.flag,
        value,
        ...(command.name === 'apply' ? ['--yes'] : []),
      ],
      expect: 'any',
    };
  },
  repeatedOption(random) {
    const command = random.pick(nonEmulator);
    const option = random.pick(command.options);
    const values = (): string[] =>
      option.kind === 'flag'
        ? []
        : option.kind === 'format'
          ? [random.pick(command.formats!)]
          : option.kind === 'env'
            ? [random.pick(['local', 'staging'])]
            : option.kind === 'app'
              ? ['tasks']
              : option.kind === 'count'
                ? [String(1 + random.int(9))]
                : option.kind === 'directory'
                  ? ['.']
                  : option.kind === 'config'
                    ? ['appdeploy.yaml']
                    : [FIXTURES.folder + '/x'];
    const args = [command.name, ...needs(command), option.flag, ...values(), option.flag, ...values()];
    return {
      family: 'repeatedOption',
      label: args.join(' '),
      args: [
        ...args,
        ...(CONFIRMING.includes(command.name)
          ? ['--dry-run', '--yes'].filter((f) => command.options.some((o) => o.flag === f))
          : []),
      ],
      expect: 'any',
    };
  },
  foreignOption(random) {
    const command = random.pick(COMMANDS);
    const own = new Set(command.options.flatMap((o) => [o.flag, o.short]));
    const foreign = COMMANDS.flatMap((c) => c.options).filter((o) => !own.has(o.flag));
    const option = random.pick(foreign);
    const value = option.kind === 'flag' ? [] : ['1'];
    return {
      family: 'foreignOption',
      label: `${command.name} ${option.flag}`,
      args: [command.name, ...needs(command), option.flag, ...value],
      expect: 'refused',
      names: option.flag,
    };
  },
  conflicting(random) {
    const lines: [string[], string][] = [
      [['export', '--app', 'tasks', '--all'], '--all'],
      [['export', '--space', '1', '--all'], '--space'],
      [['export', '--key', 'task_id'], '--key'],
      [['export', '--limit', '5', '--app', 'tasks'], '--limit'],
      [['export', '--mask', 'title', '--all'], '--mask'],
      [['export', '--records', '--all'], '--records'],
      [['export', '--records', '--app', 'tasks', '--app', 'tasks'], '--records'],
      [['seed', '--detailed-exitcode'], '--detailed-exitcode'],
      [['apply', FIXTURES.planLocal, '--app', 'tasks'], '--app'],
      [['plan', '--check-records', '5'], '--check-records'],
      [['plan', '--max-chars', '5000'], '--max-chars'],
      [['plan', '--format', 'json', '--max-chars', '5000'], '--max-chars'],
      [['apply', '--check-records', '5', '--yes'], '--check-records'],
      [['emulator', '--port', '0', '-C', '.', '--data', FIXTURES.folder], '--data'],
      [['emulator', '--port', '0', '--tls-cert', FIXTURES.manifest], '--tls-key'],
      [['emulator', '--port', '0', '--tls-client-ca', FIXTURES.manifest], '--tls-cert'],
    ];
    const [args, names] = random.pick(lines);
    return { family: 'conflicting', label: args.join(' '), args, expect: 'refused', names };
  },
  strayPositional(random) {
    const command = random.pick(COMMANDS.filter((c) => c.positional !== 'apps' && c.positional !== 'dir'));
    const stray = random.pick(['extra', 'tasks', 'staging', '--', '-']);
    const args = [command.name, ...needs(command), stray];
    if (stray === '--') args.push('--format', 'json');
    if (command.positional === 'planfile' && stray === 'tasks')
      // `apply tasks` for `apply --app tasks`: the word is an app, not a plan file.
      return {
        family: 'strayPositional',
        label: 'apply tasks',
        args,
        expect: 'refused',
        suggests: '--app tasks',
        names: 'tasks',
      };
    if (command.positional === 'planfile' || command.positional === 'backup') args.push('more');
    return { family: 'strayPositional', label: args.join(' '), args, expect: 'refused' };
  },
  unknownEnvironment(random) {
    const command = random.pick(nonEmulator.filter((c) => c.project));
    const name = random.pick(ENVIRONMENTS);
    const slipped = random.pick([
      typo(random, name),
      name.toUpperCase(),
      `${name} `,
      name.slice(0, 4),
      'nosuch',
      'prod',
    ]);
    if (ENVIRONMENTS.includes(slipped)) return undefined;
    // A slip, another case, a space, or a beginning (`prod`): each has one obvious name.
    const suggests = slipped === 'prod' ? 'production' : slipped === 'nosuch' ? undefined : name;
    return {
      family: 'unknownEnvironment',
      label: `${command.name} --env ${JSON.stringify(slipped)}`,
      args: [command.name, ...needs(command), '--env', slipped],
      expect: 'refused',
      ...(suggests ? { suggests } : {}),
      names: slipped.trim(),
    };
  },
  unknownApp(random) {
    const app = random.pick(APPS);
    const slipped = random.pick([typo(random, app), 'Tasks', `${app} `, 'nosuch']);
    const suggests = slipped === 'nosuch' ? undefined : app;
    const lines: string[][] = [
      ['plan', '--app', slipped],
      ['apply', '--app', slipped, '--yes'],
      ['status', '--app', slipped],
      ['revert', '--app', slipped, '--yes'],
      ['seed', slipped, '--yes'],
      ['export', '--records', '--app', slipped],
      ['export', '--app', slipped],
    ];
    const args = random.pick(lines);
    return {
      family: 'unknownApp',
      label: args.join(' '),
      args,
      expect: 'refused',
      ...(suggests ? { suggests } : {}),
      names: slipped.trim(),
    };
  },
  badPath(random) {
    const wrong = [
      FIXTURES.missing,
      FIXTURES.folder,
      FIXTURES.manifest,
      FIXTURES.truncatedPlan,
      FIXTURES.emptyFile,
      FIXTURES.binary,
      FIXTURES.projectFile,
    ];
    const where = random.pick([
      'planfile',
      'backup',
      'config',
      'directory',
      'out',
      'types-out',
      'docs-out',
      'data',
      'tls',
    ]);
    switch (where) {
      case 'planfile': {
        const path = random.pick([...wrong, FIXTURES.planStaging, FIXTURES.backupLike, FIXTURES.records]);
        return {
          family: 'badPath',
          label: `apply ${path}`,
          args: ['apply', path],
          expect: 'refused',
          names: path.split('/').at(-1)!,
        };
      }
      case 'backup': {
        const path = random.pick([...wrong, FIXTURES.planLocal, FIXTURES.backupLike, FIXTURES.records]);
        return {
          family: 'badPath',
          label: `restore ${path}`,
          args: ['restore', path, '--yes'],
          expect: 'refused',
          names: path.split('/').at(-1)!,
        };
      }
      case 'config': {
        const path = random.pick([
          FIXTURES.missing,
          FIXTURES.folder,
          FIXTURES.manifest,
          FIXTURES.emptyFile,
          FIXTURES.binary,
          FIXTURES.records,
          FIXTURES.planLocal,
        ]);
        const command = random.pick(nonEmulator.filter((c) => c.project));
        return {
          family: 'badPath',
          label: `${command.name} --config ${path}`,
          args: [command.name, ...needs(command), '--config', path],
          expect: 'refused',
        };
      }
      case 'directory': {
        const path = random.pick([
          FIXTURES.missing,
          FIXTURES.noProject,
          FIXTURES.manifest,
          FIXTURES.projectFile,
        ]);
        const command = random.pick(
          COMMANDS.filter((c) => c.options.some((o) => o.kind === 'directory') && c.name !== 'export'),
        );
        return {
          family: 'badPath',
          label: `${command.name} -C ${path}`,
          args: [command.name, ...needs(command), '-C', path],
          expect: 'refused',
          names: path.split('/').at(-1)!,
        };
      }
      case 'out': {
        const [path, names] = random.pick([
          [FIXTURES.folder, 'folder'],
          ['.', '.'],
          [`${FIXTURES.projectFile}/plan.json`, 'appdeploy.yaml'],
          [`${FIXTURES.emptyFile}/x/plan.json`, 'empty.json'],
        ] as const);
        return {
          family: 'badPath',
          label: `plan --out ${path}`,
          args: ['plan', '--out', path],
          expect: 'refused',
          names,
        };
      }
      case 'types-out':
      case 'docs-out': {
        const path = random.pick([FIXTURES.projectFile, FIXTURES.emptyFile, `${FIXTURES.manifest}/sub`]);
        const command = where === 'types-out' ? 'types' : 'docs';
        return {
          family: 'badPath',
          label: `${command} --out ${path}`,
          args: [command, '--out', path],
          expect: 'refused',
          names: path.split('/').at(-1) === 'sub' ? 'tasks.yaml' : path.split('/').at(-1)!,
        };
      }
      case 'data': {
        const path = random.pick([FIXTURES.projectFile, FIXTURES.emptyFile, `${FIXTURES.manifest}/data`]);
        return {
          family: 'badPath',
          label: `emulator --data ${path}`,
          args: ['emulator', '--port', '0', '--data', path],
          expect: 'refused',
          names: '--data',
        };
      }
      default: {
        const path = random.pick([
          FIXTURES.missing,
          FIXTURES.folder,
          FIXTURES.manifest,
          FIXTURES.emptyFile,
          FIXTURES.binary,
        ]);
        return {
          family: 'badPath',
          label: `emulator --tls-cert/--tls-key ${path}`,
          args: ['emulator', '--port', '0', '--tls-cert', path, '--tls-key', path],
          expect: 'refused',
          names: '--tls',
        };
      }
    }
  },
  badQuery(random) {
    const query = random.pick([
      'task_id =',
      'foo bar',
      'title like',
      'limit 5',
      'order by',
      '(title = "a"',
      'title = "a" and',
      'nosuch = 1',
      'title = "unterminated',
      'title in ("a",)',
      'offset 3',
      '\u3042 = 1',
    ]);
    return {
      family: 'badQuery',
      label: `--query ${JSON.stringify(query)}`,
      args: ['export', '--records', '--app', 'tasks', '--query', query],
      expect: 'refused',
      names: '--query',
    };
  },
  badMask(random) {
    const field = random.pick(FIELDS);
    const mask = random.pick([
      typo(random, field),
      'nosuch',
      '',
      ',',
      `${field},,`,
      ` ${field}`,
      `${field},nosuch`,
      'owner',
    ]);
    const codes = mask
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    // owner is a user field: never masked (docs/records.md).
    const fine = codes.length > 0 && codes.every((m) => FIELDS.includes(m) && m !== 'owner');
    const single = codes.length === 1 && !mask.includes(',') ? codes[0]! : undefined;
    const suggests =
      single !== undefined && single !== 'nosuch' && !FIELDS.includes(single) ? field : undefined;
    return {
      family: 'badMask',
      label: `--mask ${JSON.stringify(mask)}`,
      args: ['export', '--records', '--app', 'tasks', '--mask', mask],
      variables: { APPDEPLOY_MASK_KEY: SECRETS.maskKey },
      expect: fine ? 'any' : 'refused',
      ...(suggests && !fine ? { suggests } : {}),
      names: '--mask',
    };
  },
  badKey(random) {
    // appdeploy.yaml keys tasks by task_id: any other --key contradicts it.
    const key = random.pick([typo(random, 'task_id'), 'title', 'nosuch', '', 'task_id ']);
    return {
      family: 'badKey',
      label: `--key ${JSON.stringify(key)}`,
      args: ['export', '--records', '--app', 'tasks', '--key', key],
      expect: key === 'task_id' ? 'any' : 'refused',
      names: '--key',
    };
  },
  emptyValue(random) {
    const command = random.pick(COMMANDS.filter((c) => c.options.some((o) => o.kind !== 'flag')));
    const option = random.pick(
      command.options.filter(
        (o) => o.kind !== 'flag' && o.kind !== 'mask' && o.kind !== 'query' && o.kind !== 'host',
      ),
    );
    return {
      family: 'emptyValue',
      label: `${command.name} ${option.flag} ""`,
      args: [command.name, ...needsBeside(command, option), option.flag, ''],
      // `-C ""` is the current folder, as for git (`git -C ""` leaves it unchanged).
      expect: option.kind === 'directory' ? 'any' : 'refused',
      names: option.flag,
    };
  },
  emptyPositional(random) {
    const command = random.pick(COMMANDS.filter((c) => c.positional !== undefined));
    return {
      family: 'emptyPositional',
      label: `${command.name} ""`,
      args: [command.name, '', ...(command.name === 'seed' ? ['--yes'] : [])],
      expect: 'refused',
    };
  },
  badVariable(random) {
    const proxies = [
      'garbage',
      'http://[::1',
      `http://user:${SECRETS.proxyPassword}@`,
      `http://user:${SECRETS.proxyPassword}@no-such-proxy.invalid:8080`,
      ':::',
      'ftp://proxy.example:21',
    ];
    const choice = random.int(4);
    if (choice === 0) {
      const value = random.pick(proxies);
      const name = random.pick(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY']);
      const command = random.pick(['plan', 'status']);
      return {
        family: 'badVariable',
        label: `${name}=${value} ${command} --env staging`,
        args: [command, '--env', 'staging'],
        variables: { [name]: value, NO_PROXY: undefined, no_proxy: undefined },
        expect: 'any',
      };
    }
    if (choice === 1) {
      const value = random.pick(['***,,', ',', ' ', '[::1', '127.0.0.1:abc', '.']);
      return {
        family: 'badVariable',
        label: `NO_PROXY=${value}`,
        args: ['plan', '--env', 'staging'],
        variables: { NO_PROXY: value, HTTPS_PROXY: random.pick(proxies) },
        expect: 'any',
      };
    }
    if (choice === 2) {
      const value = random.pick(['', 'short', 'é'.repeat(8), ' '.repeat(20)]);
      return {
        family: 'badVariable',
        label: `APPDEPLOY_MASK_KEY=${JSON.stringify(value)}`,
        args: ['export', '--records', '--app', 'tasks', '--mask', 'title'],
        variables: { APPDEPLOY_MASK_KEY: value },
        expect: value.trim().length >= 16 ? 'any' : 'refused',
        names: 'APPDEPLOY_MASK_KEY',
      };
    }
    const value = random.pick(['', ' ', 'not-a-url']);
    return {
      family: 'badVariable',
      label: `CLI_MISTAKES_URL=${JSON.stringify(value)}`,
      args: ['status', '--env', 'staging'],
      variables: { CLI_MISTAKES_URL: value },
      expect: 'refused',
    };
  },
  noTerminal(random) {
    // revert asks only about a draft on the service, which a file cannot make: apply and seed.
    const command = random.pick(['apply', 'seed']);
    const args = command === 'seed' ? ['seed', ...(random.int(2) === 0 ? ['--clean'] : [])] : ['apply'];
    const format = random.int(2) === 0 ? ['--format', 'json'] : [];
    return {
      family: 'noTerminal',
      label: `${[...args, ...format].join(' ')} without --yes`,
      args: [...args, ...format],
      pendingChange: command === 'seed' ? 'records' : 'manifest',
      expect: 'refused',
      names: '--yes',
    };
  },
  jsonUsage(random) {
    // A command line refused before the command runs, read by a program asking for JSON.
    const command = random.pick(COMMANDS.filter((c) => c.formats?.includes('json')));
    const wrong = random.pick([
      ['--nosuch'],
      ['extra', 'more', 'args'],
      ['--concurrency', 'abc'],
      ['--env', 'nosuch'],
    ]);
    if (wrong[0] === '--concurrency' && !command.options.some((o) => o.flag === '--concurrency'))
      return undefined;
    return {
      family: 'jsonUsage',
      label: `${command.name} --format json ${wrong.join(' ')}`,
      args: [command.name, ...needs(command), '--format', 'json', ...wrong],
      expect: 'refused',
    };
  },
};

/** The next mistake from the generator: a family at random, then its mistake. */
export function nextMistake(random: Random): Mistake {
  const families = Object.keys(GENERATORS);
  for (;;) {
    const made = GENERATORS[random.pick(families)]!(random);
    if (made !== undefined) return made;
  }
}
