/**
 * The table of commands. Each command's module (and what it imports: the plan engine, apply, the
 * local service, export) is loaded only when that command runs or its help is asked for; the
 * others appear in `--help` through their line of this table alone, so that a command pays at
 * start-up only for the code it runs.
 */
import type { Command } from 'commander';
import type { CommandResult } from '../exit-codes.js';
import type { Io } from '../io.js';

/**
 * A command as it registers itself: `command`, defined on the program with its arguments and
 * options, and `run`, what it does with commander's action arguments (its arguments, then its
 * options). `run` returns the command's result; main.ts alone turns it into the exit code.
 */
export interface DefinedCommand {
  command: Command;
  run: (...args: never[]) => Promise<CommandResult>;
}

export type RegisterCommand = (program: Command, io: Io) => DefinedCommand;

export interface CommandEntry {
  name: string;
  /** How `--help` lists it: commander's own term for the command (a test keeps them equal). */
  term: string;
  description: string;
  load(): Promise<RegisterCommand>;
}

/** Every command of the CLI, in the order `--help` lists them. */
export const commands: CommandEntry[] = [
  {
    name: 'init',
    term: 'init [options] [dir]',
    description:
      'Start a project: appdeploy.yaml, one app manifest, example records for seed, .env.example and .gitignore.',
    load: async () => (await import('./init.js')).registerInit,
  },
  {
    name: 'validate',
    term: 'validate [options]',
    description: 'Check appdeploy.yaml and every app manifest, offline, and list every problem.',
    load: async () => (await import('./validate.js')).registerValidate,
  },
  {
    name: 'plan',
    term: 'plan [options]',
    description: 'Show what apply would change in each app, against its draft and live settings.',
    load: async () => (await import('./plan.js')).registerPlan,
  },
  {
    name: 'apply',
    term: 'apply [options] [planfile]',
    description: 'Write the changes to every app and deploy them all at once; all or nothing.',
    load: async () => (await import('./apply.js')).registerApply,
  },
  {
    name: 'status',
    term: 'status [options]',
    description: 'Show, per app, the last deployment, pending drafts and drift from the manifests.',
    load: async () => (await import('./status.js')).registerStatus,
  },
  {
    name: 'revert',
    term: 'revert [options]',
    description:
      "Discard the apps' pending drafts (undeployed settings changes), back to their live settings.",
    load: async () => (await import('./revert.js')).registerRevert,
  },
  {
    name: 'restore',
    term: 'restore [options] <backup>',
    description:
      'Write the values of a backup apply took before removing a field back into it, once added again.',
    load: async () => (await import('./restore.js')).registerRestore,
  },
  {
    name: 'seed',
    term: 'seed [options] [apps...]',
    description:
      "Write the apps' record files into the environment: add, change by key, --clean deletes the rest.",
    load: async () => (await import('./seed.js')).registerSeed,
  },
  {
    name: 'export',
    term: 'export [options]',
    description: 'Write the settings of apps on the service into the project: one manifest per app.',
    load: async () => (await import('./export.js')).registerExport,
  },
  {
    name: 'types',
    term: 'types [options]',
    description: 'Write a TypeScript module of record types per app, from the manifests (offline).',
    load: async () => (await import('./types.js')).registerTypes,
  },
  {
    name: 'docs',
    term: 'docs [options]',
    description: 'Write a Markdown handbook of the apps (one page each, where every field is used), offline.',
    load: async () => (await import('./docs.js')).registerDocs,
  },
  {
    name: 'emulator',
    term: 'emulator [options]',
    description: 'Run the local Application Data Service (the default target) until interrupted.',
    load: async () => (await import('./emulator.js')).registerEmulator,
  },
];
