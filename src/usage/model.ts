/**
 * What the where-used index reads: the project's apps with their manifests, and the text of the
 * JavaScript files their customization names. Whoever builds it reads the files; the index does
 * no IO. The handbook (docgen) and the planner's risks (plan) read the same index.
 */
import type { AppManifest, AppReference, FieldManifest } from '../project/index.js';

export interface UsageScript {
  /** As the manifest names it (`path:`, relative to the manifest's folder). */
  path: string;
  /** Its text; null when it could not be read. */
  text: string | null;
}

export interface UsageApp {
  /** The app's key in appdeploy.yaml. */
  key: string;
  manifest: AppManifest;
  /** Its id per environment, where one is known. */
  ids: Record<string, string>;
  /** Every `type: FILE` JavaScript file of customize (desktop then mobile), in manifest order. */
  scripts: UsageScript[];
}

export interface UsageProject {
  apps: readonly UsageApp[];
}

/** The project key an app reference names, or null when it points outside the project. */
export function resolveAppRef(ref: AppReference, project: UsageProject): string | null {
  if ('code' in ref) return null;
  const named = String(ref.app);
  const byKey = project.apps.find((a) => a.key === named);
  if (byKey) return byKey.key;
  return project.apps.find((a) => Object.values(a.ids).includes(named))?.key ?? null;
}

/** Every field of an app with its code, each subtable's members right after the subtable. */
export function allFields(manifest: AppManifest): [string, FieldManifest][] {
  return Object.entries(manifest.fields ?? {}).flatMap(([c, f]): [string, FieldManifest][] => [
    [c, f],
    ...(f.type === 'SUBTABLE' && 'fields' in f ? Object.entries(f.fields) : []),
  ]);
}
