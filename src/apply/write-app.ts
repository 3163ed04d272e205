/**
 * One app's draft writes: the steps of every changed area, in WRITE_PHASES order, run one after
 * the other, each with the revision the previous one returned. Local files are uploaded each
 * time a step asks for one (a file key is used up once attached).
 */
import type { Area, AreaKey, Json, WriteContext, WritePhase, WriteStep } from '../areas/types.js';
import { WRITE_PHASES } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { LocalFile } from '../plan/local-files.js';

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
  /** The revision the draft holds before the first write. */
  revision: string;
  /** The manifest's local files, by content hash. */
  files: ReadonlyMap<string, LocalFile>;
  resolveApp: (idOrPlaceholder: string) => string;
  /** Checked before each step: a failure elsewhere or an interrupt stops the writes. */
  shouldStop: () => boolean;
  onStep: (step: string) => void;
  /** After each step the service answered: the draft's revision now. */
  onWritten?: (revision: string) => void;
  onUpload: (file: string) => void;
}

export type AppWriteResult =
  | { kind: 'written'; revision: string }
  /** Stopped before a step because shouldStop() said so; `revision` is the last one known. */
  | { kind: 'stopped'; revision: string }
  | { kind: 'failed'; step: string; error: unknown };

export function orderedSteps(areas: readonly AreaWrite[]): WriteStep[] {
  const steps = areas.flatMap(({ area, current, desired }) => area.writes(desired, current));
  const rank = (step: WriteStep) => WRITE_PHASES.indexOf(step.phase);
  // Array.prototype.sort is stable: steps of one phase keep the area table's order.
  return steps.sort((a, b) => rank(a) - rank(b));
}

/**
 * One app's writes, run phase by phase: apply runs a phase for every app of a dependency level
 * before the next phase, so an app's lookups find the other apps' fields already written.
 */
export interface AppWriter {
  /** The steps of one phase, in order; a failure or a stop ends the app's writes. */
  runPhase(phase: WritePhase): Promise<AppWriteResult>;
  /** The draft revision after the last step run. */
  readonly revision: string;
}

export function appWriter(input: AppWriteInput): AppWriter {
  const ctx = writeContext(input);
  const steps = orderedSteps(input.areas);
  let revision = input.revision;
  let ended: AppWriteResult | null = null;
  return {
    get revision() {
      return revision;
    },
    async runPhase(phase) {
      if (ended) return ended;
      for (const step of steps.filter((s) => s.phase === phase)) {
        if (input.shouldStop()) return (ended = { kind: 'stopped', revision });
        input.onStep(step.describe);
        try {
          revision = await step.run(ctx, revision);
          input.onWritten?.(revision);
        } catch (error) {
          return (ended = { kind: 'failed', step: step.describe, error });
        }
      }
      return { kind: 'written', revision };
    },
  };
}

/** Every phase of one app, one after the other. */
export async function writeApp(input: AppWriteInput): Promise<AppWriteResult> {
  const writer = appWriter(input);
  let result: AppWriteResult = { kind: 'written', revision: input.revision };
  for (const phase of WRITE_PHASES) {
    result = await writer.runPhase(phase);
    if (result.kind !== 'written') return result;
  }
  return result;
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
