/**
 * What a seed printed, read back as data: its plan per app (the header line's counts and the keys
 * listed after `+`, `~` and `-`, or `--format json`'s apps), and what it says it seeded
 * (`Seeded things: 1 added, 2 changed, 0 deleted.`, or JSON's results). docs/records.md, "Seeding".
 */
import type { Run } from '../../support/cli.js';

export interface PrintedPlan {
  add: string[];
  change: string[];
  delete: string[];
  unchanged: number;
  /** The header line's counts (text): add, change, delete. */
  counts?: number[];
}

export interface Printed {
  plans: Map<string, PrintedPlan>;
  seeded: Map<string, { added: number; changed: number; deleted: number; replans?: number }>;
  noChanges: boolean;
}

const HEADER = /^(\w+) \((.+), by (\w+)\): (\d+) to add, (\d+) to change, (\d+) to delete, (\d+) unchanged$/;
const SEEDED = /^Seeded (\w+): (\d+) added, (\d+) changed, (\d+) deleted\.$/;

export function printed(run: Run, json: boolean): Printed {
  return json ? fromJson(run.stdout) : fromText(run.stdout);
}

function fromText(stdout: string): Printed {
  const out: Printed = { plans: new Map(), seeded: new Map(), noChanges: stdout.startsWith('No changes.\n') };
  let plan: (PrintedPlan & { counts: number[] }) | undefined;
  for (const line of stdout.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      plan = {
        add: [],
        change: [],
        delete: [],
        unchanged: Number(header[7]),
        counts: header.slice(4, 7).map(Number),
      };
      out.plans.set(header[1]!, plan);
      continue;
    }
    const seeded = SEEDED.exec(line);
    if (seeded) {
      out.seeded.set(seeded[1]!, {
        added: Number(seeded[2]),
        changed: Number(seeded[3]),
        deleted: Number(seeded[4]),
      });
      continue;
    }
    const listed = /^ {2}([+~-]) (.*)$/.exec(line);
    if (listed && plan)
      plan[({ '+': 'add', '~': 'change', '-': 'delete' } as const)[listed[1] as '+']].push(
        keyAsPrinted(listed[2]!),
      );
  }
  return out;
}

/** A key as the text plan prints it: quoted as JSON where it would not read back plainly (docs/records.md). */
function keyAsPrinted(text: string): string {
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}

interface JsonApp {
  app: string;
  add: string[];
  change: { key: string }[];
  delete: string[];
  unchanged: number;
}

function fromJson(stdout: string): Printed {
  const body = JSON.parse(stdout) as {
    outcome: string;
    apps: JsonApp[];
    results?: { app: string; added: number; changed: number; deleted: number; replans: number }[];
  };
  const out: Printed = { plans: new Map(), seeded: new Map(), noChanges: body.outcome === 'no-changes' };
  for (const app of body.apps)
    out.plans.set(app.app, {
      add: app.add,
      change: app.change.map((c) => c.key),
      delete: app.delete,
      unchanged: app.unchanged,
    });
  for (const r of body.results ?? []) out.seeded.set(r.app, r);
  return out;
}
