/**
 * An apply's result in words: the message (one paragraph: what happened and, where something is
 * left to do, what) and the text block the CLI prints after an apply. apply/ returns facts only
 * (apply/types.ts); the CLI, `plan --check` (a failure on the copy) and library callers word
 * them here, alike. Apps are named `orders (12)`, or by key alone while they have no id.
 */
import type { ApplyResult, ApplyStop, PluginResult, Restoration } from '../apply/types.js';
import { formatElapsed, pluginTitle } from '../wording.js';
import { plural, thousands } from './values.js';

export interface ApplyTextOptions {
  /**
   * How a next command the message names is spelt: `npx appdeploy status`, with the flags that
   * chose the project (project/next-command.ts, appdeployCommand).
   */
  command: (name: string) => string;
  /**
   * Where the ids of apps an apply created are kept: the project file (the default), or for the
   * local service `.appdeploy/local/ids.json` (project/local-ids.ts).
   */
  idsFile?: string;
  /**
   * The project file, where apply writes the ids of the apps it created, for the message to say
   * so and to commit it: a checkout without them (CI's next run, a colleague's) would create the
   * apps again. Absent for the local service, whose ids are not committed.
   */
  commitIdsIn?: string;
}

type Named = (key: string) => string;

export const NO_CHANGES = 'No changes: every app already matches its manifest.';

/** The message: one paragraph, as `apply` prints it and `--format json` carries it. */
export function renderApplyMessage(result: ApplyResult, options: ApplyTextOptions): string {
  const said = baseMessage(result, options);
  const more = [
    ...migrationSentences(result),
    ...backupSentences(result),
    ...windowSentences(result, options),
  ];
  return more.length === 0 ? said : `${said} ${more.join(' ')}`;
}

/** Each migration's end: values copied, not converted, and where its temporary field is. */
function migrationSentences(result: ApplyResult): string[] {
  return (result.migrations ?? []).map((m) => {
    const counts = `${plural(m.copied, 'record')} copied, ${thousands(m.unchanged)} already there, ${thousands(m.empty)} empty${m.notConverted > 0 ? `, ${thousands(m.notConverted)} not converted (left empty)` : ''}`;
    switch (m.outcome) {
      case 'migrated':
        return `Migrated ${m.app} field ${m.field}: ${counts}.`;
      case 'not-begun':
        return `The migration of ${m.app} field ${m.field} did not begin.`;
      // Its temporary field removed, what the copy wrote went with it: counts would say nothing
      // true (a copy stopped part way has none, and read "0 records copied").
      case 'cleaned-up':
        return `Migration of ${m.app} field ${m.field}: ${m.reason ?? m.outcome}.`;
      case 'copied':
        return `Migration of ${m.app} field ${m.field} (${counts}): ${m.reason ?? m.outcome}.`;
      // Its expand still deploying, nothing was copied: counts would read "0 records copied".
      case 'deploying':
        return m.copied + m.unchanged + m.empty + m.notConverted === 0
          ? `Migration of ${m.app} field ${m.field}: ${m.reason ?? m.outcome}.`
          : `Migration of ${m.app} field ${m.field} (${counts}): ${m.reason ?? m.outcome}.`;
      // Left where its copy stopped part way, it has no counts (all 0 stand in for them, while the
      // temporary field holds what the copy wrote): none are said rather than "0 records copied".
      // A finished copy counts every record it read, so all 0 is also an app without records.
      case 'left':
        return m.copied + m.unchanged + m.empty + m.notConverted === 0
          ? `Migration of ${m.app} field ${m.field}: ${m.reason ?? m.outcome}.`
          : `Migration of ${m.app} field ${m.field} (${counts}): ${m.reason ?? m.outcome}.`;
      default: {
        const never: never = m.outcome;
        return never;
      }
    }
  });
}

/**
 * Each migration's window after its swap: the records edited in the old field between the copy and
 * the swap, written into the new field; each edited again since, left as it is with the backup's
 * lines to take its value from; where writing them stopped.
 */
function windowSentences(result: ApplyResult, options: ApplyTextOptions): string[] {
  return (result.window ?? []).flatMap((w) => [
    ...(w.written > 0
      ? [
          `After the swap, ${plural(w.written, 'record')} edited in the old field between the copy and the swap ${w.written === 1 ? 'was' : 'were'} written into ${w.app} field ${w.field}.`,
        ]
      : []),
    ...w.editedSince.map(
      (e) =>
        `Record ${e.id} of ${w.app} changed after apply read it for the swap and is left as it is; ${
          e.lines.length === 0
            ? `its value from before was empty (no line of ${w.backup} holds it).`
            : `its value from before is at line${e.lines.length === 1 ? '' : 's'} ${e.lines.join(', ')} of ${w.backup}.`
        }`,
    ),
    ...(w.refused ?? []).map(
      (r) =>
        `Record ${r.id} of ${w.app} was refused by the service when written into ${w.field} (${r.reason}) and is left as it is; ${
          r.lines.length === 0
            ? `its value from before was empty (no line of ${w.backup} holds it).`
            : `its value from before is at line${r.lines.length === 1 ? '' : 's'} ${r.lines.join(', ')} of ${w.backup}.`
        }`,
    ),
    ...(w.reason !== undefined
      ? [
          `Writing into ${w.app} field ${w.field} the records edited before its swap stopped: ${w.reason} (\`${options.command('apply')}\`).`,
        ]
      : []),
  ]);
}

/** The backups written before fields holding values were deleted. */
function backupSentences(result: ApplyResult): string[] {
  return (result.backups ?? []).map(
    (b) =>
      `The values of ${b.app} field${b.fields.length === 1 ? '' : 's'} ${b.fields.join(', ')} (${plural(b.values, 'value')} of ${plural(b.records, 'record')}${b.files > 0 ? `, ${plural(b.files, 'file')}` : ''}) are backed up in ${b.file}.`,
  );
}

function baseMessage(result: ApplyResult, options: ApplyTextOptions): string {
  const named: Named = (key) => {
    const id = result.apps.find((a) => a.key === key)?.id ?? null;
    return id === null ? key : `${key} (${id})`;
  };
  if (result.stopped !== undefined) return stoppedMessage(result, result.stopped, named, options);
  const outcome = result.outcome;
  switch (outcome) {
    case 'no-changes':
      return NO_CHANGES;
    case 'refused':
      return refusedMessage(result);
    case 'applied':
      return appliedMessage(result, named) + createdIdsSentence(result, options);
    case 'not-converged':
      return notConvergedMessage(result, named, options) + createdIdsSentence(result, options);
    case 'interrupted': {
      // A migration's first step (its temporary field, and the values copied) went live before
      // the interrupt: not "nothing was changed", which the next apply's swap contradicts.
      if ((result.migrations ?? []).some((m) => m.outcome === 'copied' || m.outcome === 'left'))
        return `Interrupted before the swap: only the migrations' first step is live (their temporary fields, holding the values copied); nothing else was changed. Run \`${options.command('apply')}\` again to finish.`;
      const installed = installedNote(result.plugins);
      return installed === ''
        ? 'Interrupted before anything was written; nothing was changed.'
        : `Interrupted before any app was written; no app was changed.${installed}`;
    }
    case 'rolled-back':
    case 'rollback-failed':
    case 'unknown':
    case 'live-changed':
      // apply() always says why these stopped (`stopped`); only a result made by hand gets here.
      return `Apply ended ${outcome}.`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/** What `apply` prints after the run: the message, then each plug-in and app that did not stay as it was. */
export function renderApplyResult(result: ApplyResult, options: ApplyTextOptions): string {
  const lines = [`\n${renderApplyMessage(result, options)}`];
  for (const plugin of result.plugins) {
    if (plugin.outcome === 'unchanged') continue;
    const reason = plugin.reason === undefined ? '' : ` - ${plugin.reason}`;
    lines.push(`  plug-in ${pluginTitle(plugin)}: ${plugin.outcome}${reason}`);
  }
  for (const app of result.apps) {
    if (app.outcome === 'unchanged' && app.reason === undefined) continue;
    const id = app.id === null ? '' : ` (${app.id})`;
    lines.push(`  ${app.key}${id}: ${app.outcome}${app.reason === undefined ? '' : ` - ${app.reason}`}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Refused before any app was written. A plug-in the service refused may come after others it
 * installed: those stay, and the message says so instead of "nothing was changed".
 */
function refusedMessage(result: ApplyResult): string {
  const each = result.refusals.map((r) => `${'app' in r ? r.app : 'plug-in'}: ${r.message}`);
  // One reason reads as one sentence; several (a plan naming twenty missing users) one per line.
  const reasons =
    each.length === 1 ? ` ${sentence(each[0]!)}` : `\n${each.map((line) => `  - ${line}`).join('\n')}\n`;
  const installed = installedNote(result.plugins);
  return installed === ''
    ? `Apply refused, nothing was changed:${reasons}`
    : `Apply refused, no app was changed:${reasons}${each.length === 1 ? installed : installed.trimStart()}`;
}

/** `Installed plug-in "Scanner" (...) 1.2. `: said first in the messages of an apply that went on. */
function pluginSentence(plugins: readonly PluginResult[]): string {
  const done = plugins.filter((p) => p.outcome !== 'unchanged');
  if (done.length === 0) return '';
  return `${capitalise(done.map((p) => `${p.outcome} plug-in ${pluginTitle(p)}`).join(', '))}. `;
}

function appliedList(result: ApplyResult, named: Named): string {
  return result.apps
    .filter((a) => a.outcome === 'applied' || a.outcome === 'created')
    .map((a) => named(a.key))
    .join(', ');
}

function appliedMessage(result: ApplyResult, named: Named): string {
  const list = appliedList(result, named);
  return `${pluginSentence(result.plugins)}${list === '' ? 'Every app already matches its manifest.' : `Applied ${list}.`}`;
}

/** Where the ids of the apps this apply created were written, to commit. */
function createdIdsSentence(result: ApplyResult, options: ApplyTextOptions): string {
  const created = result.apps.filter((a) => a.outcome === 'created').map((a) => a.key);
  if (created.length === 0 || options.commitIdsIn === undefined) return '';
  const ids = created.length === 1 ? `The id of ${created[0]} is` : `The ids of ${created.join(', ')} are`;
  return ` ${ids} written in ${options.commitIdsIn}: commit it, or the next apply from another checkout creates ${created.length === 1 ? 'the app' : 'them'} again.`;
}

function notConvergedMessage(result: ApplyResult, named: Named, options: ApplyTextOptions): string {
  const areas = result.notConverged.map((n) => `${n.app} ${n.area}`).join(', ');
  return (
    `${pluginSentence(result.plugins)}Applied ${appliedList(result, named)}, but ${areas} did not converge: the live settings differ from the manifest after a successful deploy.` +
    ` This is a bug of appdeploy, not of your manifests; please report it with the output of \`${options.command('plan')}\`.`
  );
}

/**
 * An apply that wrote and did not go live: what stopped it, what was put back and how, what went
 * live behind its back, and what stays whatever happened (created apps, installed plug-ins).
 */
function stoppedMessage(
  result: ApplyResult,
  stop: ApplyStop,
  named: Named,
  options: ApplyTextOptions,
): string {
  const moved = result.liveChanged ?? [];
  const liveNote =
    moved.length === 0
      ? ''
      : ` Live is not as before: someone published a draft while apply was writing: ${moved
          .map((m) => `${named(m.app)}: ${m.areas.join(', ')} went live`)
          .join('; ')}. Run \`${options.command('plan')}\` to see what each app holds now, and apply again.`;
  // A migration's copy stopped by Ctrl-C says so in its reason ("copying ... was interrupted").
  const stopAs = result.outcome === 'interrupted' ? { ...stop, cause: capitalisedCause(stop.cause) } : stop;
  return `${stopBody(stopAs, moved.length > 0, named, options, result.outcome === 'interrupted')}${liveNote}${createdNote(result, named, options)}${installedNote(result.plugins)}`;
}

function stopBody(
  stop: ApplyStop,
  liveMoved: boolean,
  named: Named,
  options: ApplyTextOptions,
  interrupted: boolean,
): string {
  const cause = stop.cause;
  if (cause.kind === 'deploy-unknown') {
    const run = (command: string) => `\`${options.command(command)}\``;
    return (
      `The deploy of ${cause.apps.map(named).join(', ')} was still running after ${formatElapsed(cause.waitedMs)}: its outcome is unknown.` +
      ` Run ${run('status')} to see how it ends; then ${run('apply')} again to finish, or ${run('revert')} if it failed.`
    );
  }
  const head =
    cause.kind === 'deploy-failed'
      ? `${sentence(capitalise(cause.reason))} ${restoredCallsNote(stop.restoredCalls, named)}`
      : `${cause.kind === 'write-failed' ? sentence(cause.reason) : 'Interrupted before the deploy call.'} `;
  const partlyLive = (stop.restoredCalls?.failed.length ?? 0) > 0 || stop.keptSwaps !== undefined;
  // Stopped on purpose with everything put back: the next step is the same apply, when ready.
  const asBefore =
    !liveMoved && !partlyLive && stop.revertFailed.length === 0 && stop.restoredSteps === undefined;
  const again =
    (cause.kind === 'interrupted' || interrupted) && asBefore
      ? ` Run \`${options.command('apply')}\` again when ready.`
      : '';
  return `${head}${revertedSentence(stop.revertFailed, liveMoved || partlyLive, named)}${restoredStepsNote(stop.restoredSteps, named)}${keptSwapsNote(stop.keptSwaps, named, options)}${again}`;
}

/** Apps live with a migration's swap, left so (apply/swap-kept.ts), and what finishes the rest. */
function keptSwapsNote(kept: readonly string[] | undefined, named: Named, options: ApplyTextOptions): string {
  if (kept === undefined) return '';
  return (
    ` Kept live: ${kept.map(named).join(', ')}, whose migration's swap had gone live (undoing a swap would add the old field back empty).` +
    ` Run \`${options.command('apply')}\` again to finish the rest.`
  );
}

/** The drafts apply wrote, reverted; "as before" unless live moved behind apply's back. */
function revertedSentence(failed: readonly string[], liveMoved: boolean, named: Named): string {
  if (failed.length > 0)
    return `Reverting the drafts of ${failed.map(named).join(', ')} failed: their drafts still hold part of this apply (live is as before); the other apps are as before.`;
  // Not "every app is as before" when some app's change is live (moved behind apply's back, or
  // an earlier deploy call apply could not put back).
  return liveMoved ? 'Drafts reverted.' : 'Every app is as before (drafts reverted).';
}

/** Earlier deploy calls of the failed step, live already, put back. */
function restoredCallsNote(restored: Restoration | undefined, named: Named): string {
  if (restored === undefined) return '';
  if (restored.failed.length > 0)
    return `Restoring ${restored.failed.map(named).join(', ')} failed: their change is live. `;
  return (
    `Restored ${restored.apps.map(named).join(', ')} (an earlier deploy call had made them live: their before-state was written and deployed again). ` +
    inexactNote(restored, named)
  );
}

/** Earlier deploy steps, live already, put back. */
function restoredStepsNote(restored: Restoration | undefined, named: Named): string {
  if (restored === undefined) return '';
  if (restored.failed.length > 0)
    return ` Restoring ${restored.failed.map(named).join(', ')} failed: part of this apply is live there.`;
  return (
    ` Restored ${restored.apps.map(named).join(', ')} (the first deploy step had made them live: their before-state was written and deployed again).` +
    ` ${inexactNote(restored, named)}`.trimEnd()
  );
}

/** The sentence naming, per app, what did not come back exactly; empty when everything did. */
function inexactNote(restored: Restoration, named: Named): string {
  if (restored.inexact.length === 0) return '';
  const apps = restored.inexact.map(({ app, notes }) => `${named(app)}: ${notes.join('; ')}`);
  return `Not put back exactly: ${apps.join('. ')}. `;
}

/** Apps created by this apply stay whatever happens: said in every message that undoes the rest. */
function createdNote(result: ApplyResult, named: Named, options: ApplyTextOptions): string {
  const created = result.apps.filter((a) => a.created);
  if (created.length === 0) return '';
  const one = created.length === 1;
  const where = options.idsFile ?? 'the project file';
  // An id that could not be written (a full disk) is in the recovery record until then.
  const ids = created.some((a) => a.idUnrecorded === true)
    ? `the next command writes ${one ? 'its id' : 'their ids'} into ${where}`
    : `${one ? 'its id is' : 'their ids are'} in ${where}`;
  return (
    ` Created app${one ? '' : 's'} ${created.map((a) => named(a.key)).join(', ')} stay${one ? 's' : ''}` +
    ` (the service cannot delete an app), with a new app's settings; ${ids}.`
  );
}

/** Said in every message of an apply that installed something and then did not apply every app. */
function installedNote(plugins: readonly PluginResult[]): string {
  const done = plugins.filter((r) => r.outcome === 'installed' || r.outcome === 'updated');
  if (done.length === 0) return '';
  const one = done.length === 1;
  const list = done.map((r) => `${pluginTitle(r)} (${r.outcome})`).join(', ');
  return ` System plug-in${one ? '' : 's'} ${list} stay${one ? 's' : ''} as installed (apply does not uninstall plug-ins or put older versions back).`;
}

/** `text` ending as a sentence: a full stop added unless it has one ("network.." was printed). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function capitalisedCause(cause: ApplyStop['cause']): ApplyStop['cause'] {
  return cause.kind === 'write-failed' ? { ...cause, reason: capitalise(cause.reason) } : cause;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
