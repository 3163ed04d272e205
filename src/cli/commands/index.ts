import type { Command } from 'commander';
import type { Io } from '../io.js';
import { registerApply } from './apply.js';
import { registerDocs } from './docs.js';
import { registerEmulator } from './emulator.js';
import { registerExport } from './export.js';
import { registerInit } from './init.js';
import { registerPlan } from './plan.js';
import { registerRevert } from './revert.js';
import { registerStatus } from './status.js';
import { registerTypes } from './types.js';
import { registerValidate } from './validate.js';

/** A command registers itself on the program; it reports its exit code through `state`. */
export type RegisterCommand = (program: Command, io: Io, state: { exitCode: number }) => void;

/** Every command of the CLI, in the order `--help` lists them. */
export const commands: RegisterCommand[] = [
  registerInit,
  registerValidate,
  registerPlan,
  registerApply,
  registerStatus,
  registerRevert,
  registerExport,
  registerTypes,
  registerDocs,
  registerEmulator,
];
