import { Option } from 'commander';
import { formatValidationText, validateProject, validationReport } from '../../project/index.js';
import { loadOptions, noteProjectAbove, projectOptions } from '../project-flags.js';
import type { RegisterCommand } from './index.js';

interface ValidateFlags {
  directory?: string;
  config?: string;
  env?: string;
  format: 'text' | 'json';
}

/** `appdeploy validate`: offline checks of appdeploy.yaml and every manifest; exit 1 on any problem. */
export const registerValidate: RegisterCommand = (program, io) => ({
  command: projectOptions(program.command('validate'), undefined, 'resolved').addOption(
    new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'),
  ),
  run: async (flags: ValidateFlags) => {
    const result = await validateProject(loadOptions(flags));
    await noteProjectAbove(flags, result.configPath, io);
    io.out(
      flags.format === 'json'
        ? `${JSON.stringify(validationReport(result), null, 2)}\n`
        : formatValidationText(result),
    );
    return { kind: 'validated', problems: result.problems.length };
  },
});
