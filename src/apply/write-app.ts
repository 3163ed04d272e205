/**
 * One app's draft writes: the steps of every changed area, in the order of the table's write
 * phases (areas/table.ts). A phase that runs alone runs after the one before, with the revision
 * it returned; the phases whose areas say they go out together (they depend on the fields and
 * statuses, written by then, but not on each other) send their steps at the same time
 * (writeGroups). Local files are uploaded each time a step asks for one (a file key is used up
 * once attached).
 */
import { createHash } from 'node:crypto';
import { writePhases } from '../areas/index.js';
import type { Area, AreaKey, Json, WriteContext, WriteStep } from '../areas/types.js';
import type { Client } from '../client/index.js';
import { contentHash } from '../areas/diff.js';
import { resolvePlaceholders } from './placeholders.js';
import { type LocalFile } from '../readers/index.js';

/** An area to write: the table's entry, what the draft holds now, and what it must hold. */
export interface AreaWrite {
  area: Area;
  current: Json;
  desired: Json;
}

export interface AppWriteInput {
  client: Client;
  /** The app's id. */
  app: string;
  areas: readonly AreaWrite[];
  /** The table's phases, grouped (writeGroups): the order of the steps. */
  groups: readonly WriteGroup[];
  /** The revision the draft holds before the first write. */
  revision: string;
  /** The manifest's local files, by content hash. */
  files: ReadonlyMap<string, LocalFile>;
  resolveApp: (idOrPlaceholder: string) => string;
  /** Checked before each step: a failure elsewhere or an interrupt stops the writes. */
  shouldStop: () => boolean;
  onStep: (step: string) => void;
  /**
   * Before each step is sent: its area, the draft revision it starts from (the one before its
   * group, for steps sent together unpinned), a hash of the step and the area content it writes
   * towards, and a hash of that content alone. Called synchronously: what it records is on disk
   * before the call goes out.
   */
  onSend?: (intent: WriteIntent) => void;
  /**
   * After each step the service answered: the draft's revision now, and the area when this was
   * the last of its steps to be answered (the area is written whole), else null.
   */
  onWritten?: (revision: string, done: AreaKey | null) => void;
  onUpload: (file: string) => void;
}

/** A write about to be sent, as the recovery record names it. */
export interface WriteIntent {
  area: AreaKey;
  from: string;
  /** The preview writes the step makes (WriteStep.calls). */
  calls: number;
  sha256: string;
  /**
   * The area's desired canonical value, app placeholders resolved, hashed as the planner hashes
   * a draft that holds it (contentHash; plan's pending-draft `draftHashes`).
   */
  content: string;
}

/** Phases whose steps go out together: one phase that runs alone, or all that go out together. */
export type WriteGroup = readonly string[];

/**
 * The table's phases in apply's order, grouped: each phase that runs alone is a group of its
 * own, and the phases whose areas say they go out together (WritePhase.together) are the last.
 */
export function writeGroups(areas: Iterable<Area>): WriteGroup[] {
  const alone: WriteGroup[] = [];
  const together: string[] = [];
  for (const phase of writePhases([...areas]))
    if (phase.together === true) together.push(phase.name);
    else alone.push([phase.name]);
  return together.length > 0 ? [...alone, together] : alone;
}

export type AppWriteResult =
  | { kind: 'written'; revision: string }
  /** Stopped before a step because shouldStop() said so; `revision` is the last one known. */
  | { kind: 'stopped'; revision: string }
  | { kind: 'failed'; step: string; error: unknown };

export function orderedSteps(areas: readonly AreaWrite[], groups: readonly WriteGroup[]): WriteStep[] {
  return taggedSteps(areas, groups).map((t) => t.step);
}

/** The steps in write order, each with the area write it belongs to. */
function taggedSteps(
  areas: readonly AreaWrite[],
  groups: readonly WriteGroup[],
): { step: WriteStep; of: AreaWrite }[] {
  const phases = groups.flat();
  const rank = (step: WriteStep) => phases.indexOf(step.phase);
  const steps = areas.flatMap((of) => of.area.writes(of.desired, of.current).map((step) => ({ step, of })));
  // A step no group runs would be skipped without a word: a bug of its area.
  const stray = steps.find(({ step }) => rank(step) === -1);
  if (stray)
    throw new Error(`${stray.step.describe}: its phase ${stray.step.phase} is not one of the table's`);
  // Array.prototype.sort is stable: steps of one phase keep the area table's order.
  return steps.sort((a, b) => rank(a.step) - rank(b.step));
}

/** What a step writes, hashed: its area, what it does, and the area content it writes towards. */
function intentHash(step: WriteStep, of: AreaWrite): string {
  return createHash('sha256')
    .update(`${of.area.key}\n${step.describe}\n${JSON.stringify(of.desired)}`)
    .digest('hex');
}

/**
 * One app's writes, run group by group: apply runs a group for every app of a dependency level
 * before the next group, so an app's lookups find the other apps' fields already written.
 */
export interface AppWriter {
  /** The steps of one group (together when several); a failure or a stop ends the app's writes. */
  runGroup(group: WriteGroup): Promise<AppWriteResult>;
  /** The draft revision after the last step run. */
  readonly revision: string;
}

export function appWriter(input: AppWriteInput): AppWriter {
  const ctx = writeContext(input);
  const tagged = taggedSteps(input.areas, input.groups);
  const steps = tagged.map((t) => t.step);
  const areaOf = new Map(tagged.map((t) => [t.step, t.of]));
  // Per area, the steps not answered yet: the answer of its last one completes it.
  const unanswered = new Map<AreaWrite, number>();
  for (const { of } of tagged) unanswered.set(of, (unanswered.get(of) ?? 0) + 1);
  const contents = new Map<AreaWrite, string>();
  const contentOf = (of: AreaWrite): string => {
    let hash = contents.get(of);
    if (hash === undefined) {
      hash = contentHash(resolvePlaceholders(of.desired, input.resolveApp));
      contents.set(of, hash);
    }
    return hash;
  };
  let revision = input.revision;
  let ended: AppWriteResult | null = null;
  const runOne = async (step: WriteStep, pinned: string): Promise<string> => {
    input.onStep(step.describe);
    const of = areaOf.get(step)!;
    // `revision` is the draft's before this step, or before its group when sent together.
    input.onSend?.({
      area: of.area.key,
      from: revision,
      calls: step.calls ?? 1,
      sha256: intentHash(step, of),
      content: contentOf(of),
    });
    const next = await step.run(ctx, pinned);
    const left = unanswered.get(of)! - 1;
    unanswered.set(of, left);
    input.onWritten?.(next, left === 0 ? of.area.key : null);
    return next;
  };
  return {
    get revision() {
      return revision;
    },
    async runGroup(group) {
      if (ended) return ended;
      const due = steps.filter((s) => group.includes(s.phase));
      if (due.length > 1 && revision !== '-1') {
        if (input.shouldStop()) return (ended = { kind: 'stopped', revision });
        const sent = await together(due, revision, runOne);
        revision = sent.revision;
        if (sent.result.kind === 'failed') ended = sent.result;
        return sent.result;
      }
      for (const step of due) {
        if (input.shouldStop()) return (ended = { kind: 'stopped', revision });
        try {
          revision = await runOne(step, revision);
        } catch (error) {
          return (ended = { kind: 'failed', step: step.describe, error });
        }
      }
      return { kind: 'written', revision };
    },
  };
}

/** Every group of one app, one after the other. */
export async function writeApp(input: AppWriteInput): Promise<AppWriteResult> {
  const writer = appWriter(input);
  let result: AppWriteResult = { kind: 'written', revision: input.revision };
  for (const group of input.groups) {
    result = await writer.runGroup(group);
    if (result.kind !== 'written') return result;
  }
  return result;
}

/**
 * Steps sent at once, each unpinned (`-1`: the service skips the check; a pin would refuse all
 * but the first to arrive). The pin's protection is kept another way: every preview write raises
 * the app's one settings counter by exactly one (platform-facts.md, "Revisions"), so k writes
 * from revision r end at r + k, and higher means someone else's write came in between.
 * `revision` is the highest one answered, so that a partly written draft counts as changed.
 */
async function together(
  steps: readonly WriteStep[],
  from: string,
  runOne: (step: WriteStep, pinned: string) => Promise<string>,
): Promise<{ result: AppWriteResult; revision: string }> {
  const settled = await Promise.allSettled(steps.map((step) => runOne(step, '-1')));
  let highest = Number(from);
  for (const one of settled) if (one.status === 'fulfilled') highest = Math.max(highest, Number(one.value));
  const revision = String(highest);
  const failed = settled.findIndex((one) => one.status === 'rejected');
  if (failed >= 0) {
    const error: unknown = (settled[failed] as PromiseRejectedResult).reason;
    return { result: { kind: 'failed', step: steps[failed]!.describe, error }, revision };
  }
  const expected = Number(from) + steps.length;
  if (highest !== expected)
    return {
      result: {
        kind: 'failed',
        step: steps.map((s) => s.describe).join('; '),
        error: new Error(
          `the app's draft revision went from ${from} to ${highest} over ${steps.length} writes: someone else changed its settings meanwhile; plan again`,
        ),
      },
      revision,
    };
  return { result: { kind: 'written', revision }, revision };
}

function writeContext(input: AppWriteInput): WriteContext {
  const byHash = new Map([...input.files.values()].map((file) => [file.sha256, file]));
  return {
    client: input.client,
    app: input.app,
    resolveApp: (idOrPlaceholder) => input.resolveApp(idOrPlaceholder),
    // Every call uploads: a file key is used up once attached, so the same file named twice
    // (desktop and mobile) needs a key for each place.
    upload: async (sha256) => {
      const file = byHash.get(sha256);
      if (!file) throw new Error(`no local file with sha256 ${sha256} in the manifest`);
      input.onUpload(file.path);
      return (await input.client.files.upload(file.absolutePath)).fileKey;
    },
  };
}

/** The areas of a plan entry keyed for lookup by the area table. */
export function areaByKey(areas: readonly Area[]): ReadonlyMap<AreaKey, Area> {
  return new Map(areas.map((a) => [a.key, a]));
}
