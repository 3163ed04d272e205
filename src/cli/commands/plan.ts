import { dirname, resolve } from 'node:path';
import { Option } from 'commander';
import { planAsApplySees } from '../../apply/recovery.js';
import { unappliable } from '../../apply/refusals.js';
import { atomicWrite, makeFolders } from '../../atomic-write.js';
import { AppdeployError } from '../../errors.js';
import { hasChanges, plan } from '../../plan/index.js';
import { appdeployCommand, shellWord } from '../../project/index.js';
import { checkedOnCopy, checkRecordsFlag, planningClient } from '../check-flags.js';
import { GITHUB_COMMENT_LIMIT, renderJson, renderMarkdown, renderText } from '../../render/index.js';
import type { CommandResult } from '../exit-codes.js';
import { collectApp, serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import { atUserPath } from '../user-path.js';
import { interruptLeaves, sameCommand } from '../interrupt.js';
import type { RegisterCommand } from './index.js';

interface PlanFlags extends ProjectFlags {
  app: string[];
  format: 'text' | 'markdown' | 'json';
  out?: string;
  detailedExitcode?: boolean;
  check?: boolean;
  checkRecords: string;
  maxChars?: string;
}

/** `appdeploy plan`: what apply would change, and what could go wrong; changes nothing. */
export const registerPlan: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('plan'))
    .option('--app <key>', 'plan only this app (repeatable)', collectApp, [])
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'),
    )
    .option(
      '--out <file>',
      'also save the plan (JSON), to apply with `npx appdeploy apply FILE` (a missing folder is created)',
    )
    .option(
      '--detailed-exitcode',
      'exit 0 when nothing changes, 2 when something does (1 on errors and on changes apply would refuse)',
    )
    .option('--check', 'also apply the plan to a copy of the environment in memory, and say what would fail')
    .option('--check-records <n>', "with --check: copy each app's latest N records too", '0')
    .option(
      '--max-chars <n>',
      `with --format markdown: leave out apps' details past N characters, saying which (default ${GITHUB_COMMENT_LIMIT}, GitHub's limit for a comment; 0: never)`,
    ),
  run: async (flags: PlanFlags) => {
    const records = checkRecordsFlag(flags.checkRecords, flags.check);
    const maxLength = maxCharsFlag(flags.maxChars, flags.format);
    return withProject(flags, io, async ({ project, connection }): Promise<CommandResult> => {
      interruptLeaves(
        `plan had changed nothing (it reads the service, and writes --out only once done). Run \`${sameCommand()}\` again.`,
      );
      const client = await planningClient(flags.check, connection.client);
      const planned = await plan({ project, client, apps: flags.app });
      const result = flags.check
        ? { ...planned, check: await checkedOnCopy(planned, project, client, records) }
        : planned;
      if (flags.out !== undefined) await savePlan(flags.out, renderJson(result));
      io.out(
        flags.format === 'json'
          ? renderJson(result)
          : flags.format === 'markdown'
            ? renderMarkdown(result, { maxLength })
            : renderText(result, { color: io.color === true }),
      );
      // A pending draft the interrupted apply before wrote is warned of like anyone's (it is one),
      // and said to be that apply's, which the next apply discards and writes again (as apply says).
      const own = planAsApplySees(result, project).note;
      if (own !== null) io.err(own);
      if (flags.out !== undefined)
        io.err(
          `Saved the plan to ${flags.out}; apply it with \`${appdeployCommand(project, 'apply', shellWord(flags.out))}\`.\n`,
        );
      // What apply would refuse whatever the flags (a blocked change, a deploy that would fail)
      // fails the plan, after the whole plan is printed: a pull request's check goes red.
      const refused = unappliable(result.apps);
      if (result.check?.outcome === 'failed') {
        io.err('Error: the plan fails on a copy of the environment (see Check failed above).\n');
        return { kind: 'check-failed' };
      }
      // What the environment's API token cannot do: apply refuses the whole plan before writing
      // (refuseTokenLimits), so the plan fails too, as it does for a blocked change.
      const reasons = [
        ...refused.map((r) => `${r.app}: ${r.message}`),
        ...(result.tokenLimits === undefined
          ? []
          : [
              `environment "${project.environment.name}" signs in with an API token, which cannot do what it needs (listed above)`,
            ]),
      ];
      if (reasons.length > 0) {
        io.err(refusalSummary(reasons));
        return { kind: 'plan-refused' };
      }
      return {
        kind: 'planned',
        changes: hasChanges(result),
        detailedExitcode: flags.detailedExitcode === true,
      };
    });
  },
});

/**
 * Why apply would refuse the plan: one reason on the Error line, several as a list of a line each
 * (joined on one line, a plan with a dozen blocked changes printed one line of thousands of
 * characters).
 */
function refusalSummary(reasons: readonly string[]): string {
  if (reasons.length === 1) return `Error: apply would refuse this plan: ${reasons[0]}.\n`;
  const list = reasons.map((reason) => `  - ${reason}\n`).join('');
  return `Error: apply would refuse this plan, for ${reasons.length} reasons:\n${list}`;
}

/**
 * `--max-chars N`: the most characters the Markdown comment may have; 0 never cuts it. Below
 * 1,000 not even the summary and the note saying what was cut would fit. Only Markdown is cut:
 * given with text or JSON it would silently do nothing (refused, as --check-records without
 * --check is).
 */
function maxCharsFlag(text: string | undefined, format: PlanFlags['format']): number {
  if (text === undefined) return format === 'markdown' ? GITHUB_COMMENT_LIMIT : 0;
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n === 0 || n >= MIN_MAX_CHARS))
    throw new AppdeployError(
      'PLAN.BAD_MAX_CHARS',
      `--max-chars ${text}: not 0 or a whole number from ${MIN_MAX_CHARS}`,
      {
        hint: `Give the most characters the comment may have, e.g. --max-chars ${GITHUB_COMMENT_LIMIT} (GitHub's limit), or 0 never to cut it.`,
      },
    );
  if (format !== 'markdown')
    throw new AppdeployError(
      'PLAN.MAX_CHARS_ALONE',
      `--max-chars ${text} with --format ${format}: only Markdown is cut`,
      {
        hint: 'Add --format markdown, or leave --max-chars out (text and JSON are always whole).',
      },
    );
  return n;
}

/** The least --max-chars: the title, the summary's first lines and the note saying what was cut. */
const MIN_MAX_CHARS = 1_000;

/**
 * `--out FILE`: its folder made as `types` and `docs` make theirs; a path that cannot be a file is
 * the user's to fix. Written beside and renamed over: a plan cut short would be refused by apply as
 * unparseable, which the user could not tell from a corrupted file.
 */
async function savePlan(out: string, json: string): Promise<void> {
  const path = resolve(out);
  await atUserPath(
    {
      given: `--out ${out}`,
      hint: 'Give --out the path of a file to write, such as --out plan.json (a missing folder is created).',
    },
    async () => {
      await makeFolders(dirname(path));
      await atomicWrite(path, json);
    },
  );
}
