/**
 * Every command of the CLI and every option it takes, as `appdeploy COMMAND --help` and the
 * README's command table say them, with the kind of value each wants: what the sweep makes
 * mistakes in. cli-mistakes.test.ts checks this table against each command's --help, so that a
 * new option is swept from the day it is added.
 */

/** What an option's value is, for the mistakes that fit it. */
export type ValueKind =
  | 'flag'
  | 'format'
  | 'directory'
  | 'config'
  | 'env'
  | 'app'
  | 'count'
  | 'whole'
  | 'port'
  | 'duration'
  | 'out-file'
  | 'out-folder'
  | 'data-folder'
  | 'pem'
  | 'query'
  | 'mask'
  | 'key'
  | 'space'
  | 'locale'
  | 'user'
  | 'unit'
  | 'host';

export interface OptionSpec {
  /** The long flag, as typed. */
  flag: string;
  kind: ValueKind;
  /** The short flag, where there is one. */
  short?: string;
}

export interface CommandSpec {
  name: string;
  options: OptionSpec[];
  /** The positional argument, if any: what it is. */
  positional?: 'dir' | 'planfile' | 'backup' | 'apps';
  /** The choices of --format, where the command has it. */
  formats?: string[];
  /** Opens a project (and so takes -C, --config, --env). */
  project: boolean;
}

const PROJECT: OptionSpec[] = [
  { flag: '--directory', short: '-C', kind: 'directory' },
  { flag: '--config', kind: 'config' },
  { flag: '--env', kind: 'env' },
];
const SERVICE: OptionSpec[] = [
  ...PROJECT,
  { flag: '--concurrency', kind: 'count' },
  { flag: '--verbose', kind: 'flag' },
];

export const COMMANDS: CommandSpec[] = [
  { name: 'init', project: false, positional: 'dir', options: [{ flag: '--locale', kind: 'locale' }] },
  {
    name: 'validate',
    project: true,
    formats: ['text', 'json'],
    options: [...PROJECT, { flag: '--format', kind: 'format' }],
  },
  {
    name: 'plan',
    project: true,
    formats: ['text', 'markdown', 'json'],
    options: [
      ...SERVICE,
      { flag: '--app', kind: 'app' },
      { flag: '--format', kind: 'format' },
      { flag: '--out', kind: 'out-file' },
      { flag: '--detailed-exitcode', kind: 'flag' },
      { flag: '--check', kind: 'flag' },
      { flag: '--check-records', kind: 'whole' },
      { flag: '--max-chars', kind: 'whole' },
    ],
  },
  {
    name: 'apply',
    project: true,
    positional: 'planfile',
    formats: ['text', 'json'],
    options: [
      ...SERVICE,
      { flag: '--app', kind: 'app' },
      { flag: '--yes', kind: 'flag' },
      { flag: '--allow-data-loss', kind: 'flag' },
      { flag: '--discard-pending-drafts', kind: 'flag' },
      { flag: '--timeout', kind: 'duration' },
      { flag: '--format', kind: 'format' },
      { flag: '--check', kind: 'flag' },
      { flag: '--check-records', kind: 'whole' },
    ],
  },
  {
    name: 'status',
    project: true,
    formats: ['text', 'json'],
    options: [...SERVICE, { flag: '--app', kind: 'app' }, { flag: '--format', kind: 'format' }],
  },
  {
    name: 'revert',
    project: true,
    options: [...SERVICE, { flag: '--app', kind: 'app' }, { flag: '--yes', kind: 'flag' }],
  },
  {
    name: 'restore',
    project: true,
    positional: 'backup',
    formats: ['text', 'json'],
    options: [...SERVICE, { flag: '--yes', kind: 'flag' }, { flag: '--format', kind: 'format' }],
  },
  {
    name: 'seed',
    project: true,
    positional: 'apps',
    formats: ['text', 'json'],
    options: [
      ...SERVICE,
      { flag: '--clean', kind: 'flag' },
      { flag: '--yes', kind: 'flag' },
      { flag: '--dry-run', kind: 'flag' },
      { flag: '--detailed-exitcode', kind: 'flag' },
      { flag: '--format', kind: 'format' },
    ],
  },
  {
    name: 'export',
    project: true,
    formats: ['text', 'json'],
    options: [
      ...SERVICE,
      { flag: '--app', kind: 'app' },
      { flag: '--space', kind: 'space' },
      { flag: '--all', kind: 'flag' },
      { flag: '--draft', kind: 'flag' },
      { flag: '--no-files', kind: 'flag' },
      { flag: '--force', kind: 'flag' },
      { flag: '--records', kind: 'flag' },
      { flag: '--key', kind: 'key' },
      { flag: '--limit', kind: 'count' },
      { flag: '--query', kind: 'query' },
      { flag: '--mask', kind: 'mask' },
      { flag: '--format', kind: 'format' },
    ],
  },
  {
    name: 'types',
    project: true,
    options: [...PROJECT, { flag: '--out', kind: 'out-folder' }, { flag: '--check', kind: 'flag' }],
  },
  { name: 'docs', project: true, options: [...PROJECT, { flag: '--out', kind: 'out-folder' }] },
  {
    name: 'emulator',
    project: false,
    options: [
      { flag: '--port', kind: 'port' },
      { flag: '--host', kind: 'host' },
      { flag: '--data', kind: 'data-folder' },
      { flag: '--directory', short: '-C', kind: 'directory' },
      { flag: '--latency', kind: 'whole' },
      { flag: '--deploy-ms', kind: 'whole' },
      { flag: '--user', kind: 'user' },
      { flag: '--group', kind: 'unit' },
      { flag: '--organization', kind: 'unit' },
      { flag: '--locale', kind: 'locale' },
      { flag: '--no-control', kind: 'flag' },
      { flag: '--max-upload-mb', kind: 'count' },
      { flag: '--daily-request-limit', kind: 'whole' },
      { flag: '--tls-cert', kind: 'pem' },
      { flag: '--tls-key', kind: 'pem' },
      { flag: '--tls-client-ca', kind: 'pem' },
    ],
  },
];

/** The long flags `--help` lists for a command, --help itself aside. */
export function helpFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!).filter((f) => f !== '--help');
}
