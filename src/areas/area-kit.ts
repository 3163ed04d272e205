/**
 * Small pieces the area modules share beyond canonical.ts: the progress line of a write, the
 * manifest form of entities, app references and local files, and the reading of a file the
 * service holds (icons, customization files) as a content hash.
 */
import { asRecord, entity, flag, type EntityCanonical } from './canonical.js';
import type { AppReference } from '../project/manifest.js';
import { diffSingle } from './diff.js';
import type {
  Change,
  ExportContext,
  Json,
  ReadContext,
  ResolveContext,
  WriteContext,
  WritePhase,
  WriteStep,
} from './types.js';

// Defined in canonical.ts, whose building blocks use them; the areas take them from their kit.
export { asList, asRecord } from './canonical.js';

/** `views: add 1, change 2, remove 1` (only the kinds present; `views: no change` when none). */
export function describeChanges(label: string, changes: readonly Change[]): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.action, (counts.get(change.action) ?? 0) + 1);
  const parts = ['add', 'rename', 'change', 'replace', 'remove']
    .filter((action) => counts.has(action))
    .map((action) => `${action} ${counts.get(action)}`);
  return `${label}: ${parts.length > 0 ? parts.join(', ') : 'no change'}`;
}

/** Prefixes the paths of an item-level diff of one part of an area (`['states', ...]`). */
export function underPath(prefix: string | number, changes: readonly Change[]): Change[] {
  return changes.map((change) => ({ ...change, path: [prefix, ...change.path] }));
}

/** A record of named items, as canonical maps hold them. */
/**
 * A setting compared only when the manifest gives it (`notifyToCommenter`, a reminder's
 * `timezone`): a new app's value depends on who made it, and a PUT leaves it alone unless named.
 */
export function diffWhenGiven(name: string, desired: Json | undefined, current: Json | undefined): Change[] {
  if (desired === undefined) return [];
  if (current === undefined) return [{ action: 'add', path: [name], after: desired }];
  return underPath(name, diffSingle(desired, current));
}

/** 1 when a setting compared only when given is given and unchanged. */
export function unchangedWhenGiven(desired: Json | undefined, current: Json | undefined): number {
  return desired !== undefined && desired === current ? 1 : 0;
}

/**
 * An entity for a manifest: as canonical, CREATOR with a null code (the schema lets a manifest
 * leave it out, and the manifest's type, the client's Entity, keeps it).
 */
export function entityToManifest(value: unknown): EntityCanonical {
  return entity(value);
}

/** A manifest's `{entity, includeSubs}` (its EntityTarget), as plain data. */
export type TargetManifest = { entity: EntityCanonical; includeSubs?: true };

/** `{entity, includeSubs}` for a manifest: includeSubs only when true (false is the default). */
export function targetToManifest(value: unknown): TargetManifest {
  const t = asRecord(value);
  const entity = entityToManifest(t.entity);
  return flag(t.includeSubs) ? { entity, includeSubs: true } : { entity };
}

/** Another app for a manifest: its project key where it has one, else its numeric id, else its code. */
export function appRefToManifest(ref: Json | undefined, ctx: ExportContext): AppReference {
  const r = asRecord(ref);
  if (typeof r.app === 'string' && r.app !== '') {
    const key = ctx.appKey(r.app);
    return { app: key ?? (/^\d+$/.test(r.app) ? Number(r.app) : r.app) };
  }
  return { code: typeof r.code === 'string' ? r.code : '' };
}

/**
 * A local file in canonical form: its base name and the SHA-256 of its content. Both sides
 * compare by content; the name is kept because the service shows it (and stores it on upload).
 */
export type FileCanonical = { type: 'FILE'; file: { name: string; sha256: string } };

/** A canonical value's local file, when it is one: `{type: FILE, file: {name, sha256}}`. */
export function asFile(value: unknown): FileCanonical | null {
  const v = asRecord(value);
  const file = asRecord(v.file);
  return v.type === 'FILE' && typeof file.name === 'string' && typeof file.sha256 === 'string'
    ? { type: 'FILE', file: { name: file.name, sha256: file.sha256 } }
    : null;
}

/** The base name of a manifest path (`js/app.js` -> `app.js`); pure, either separator. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function fileFromManifest(path: string, ctx: ResolveContext): FileCanonical {
  return { type: 'FILE', file: { name: baseName(path), sha256: ctx.fileHash(path) } };
}

/** A `{type: FILE, file: {fileKey, name}}` the service answers, hashed through its download. */
export async function fileFromService(value: unknown, ctx: ReadContext): Promise<FileCanonical> {
  const file = asRecord(asRecord(value).file);
  const fileKey = typeof file.fileKey === 'string' ? file.fileKey : '';
  const name = typeof file.name === 'string' ? file.name : '';
  return { type: 'FILE', file: { name, sha256: await ctx.downloadHash(fileKey) } };
}

/**
 * A file for a manifest: where export saved it (by default; not with `--no-files`), or else its name, which the
 * manifest then expects beside it (export without files cannot do better, and says the name).
 */
export function fileToManifest(value: FileCanonical, ctx: ExportContext): { type: 'FILE'; path: string } {
  return { type: 'FILE', path: ctx.filePath(value.file.sha256, value.file.name) ?? value.file.name };
}

/** The one write of an area whose whole change is one request; none when nothing changes. */
export function oneWrite<P extends string>(
  phase: P,
  changes: readonly Change[],
  run: (ctx: WriteContext, revision: string) => Promise<string>,
): WriteStep<P>[] {
  if (changes.length === 0) return [];
  return [{ phase, describe: describeChanges(phase, changes), run }];
}

/**
 * The one phase of an area written after the fields, the layout and the process, which names
 * only what those wrote (fields, statuses) and no other area's settings: its write goes out at
 * the same time as the others' like it.
 */
export function togetherPhase<P extends string>(name: P): readonly WritePhase<P>[] {
  return [{ name, together: true }];
}
