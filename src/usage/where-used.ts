/**
 * The where-used index: for every field of every app, each place of the project that names it
 * (this app's layout, views, process, permissions, notifications, reports, actions; other apps'
 * lookups, related-records tables and copy actions; customization JavaScript). Pure: built from
 * the manifests and the scripts' text. The places in settings are the catalogue's
 * (platform/field-places.ts), walked over each manifest part as its endpoint's body; their words
 * are place-wording.ts.
 */
import type { AppManifest, AppReference } from '../project/index.js';
import { SETTINGS_CATALOGUE, fieldReferences, manifestBody, type TextReaders } from '../platform/index.js';
import { allFields, resolveAppRef, type UsageApp, type UsageProject } from './model.js';
import { placeUsage, USAGE_AREAS, type UsageArea } from './place-wording.js';
import { filterFields, sortFields } from './query-fields.js';
import { scriptMentions } from './script-mentions.js';

export type { UsageArea } from './place-wording.js';

export interface Usage {
  area: UsageArea;
  /** Where, in words: `view "Pipeline" (filter)`. */
  where: string;
  /** The app whose manifest names the field, when it is another app. */
  fromApp?: string;
}

/** app key -> field code -> usages, in manifest order. */
export type WhereUsed = Map<string, Map<string, Usage[]>>;

/** Every field code of an app, subtables' members after their table. */
export function fieldCodes(manifest: AppManifest): string[] {
  return allFields(manifest).map(([c]) => c);
}

export interface WhereUsedOptions {
  /**
   * More codes to look for in each app's scripts (app key -> codes), beyond the app's fields:
   * the planner asks where fields the manifests no longer have are still named.
   */
  alsoCodes?: ReadonlyMap<string, readonly string[]>;
}

export function buildWhereUsed(project: UsageProject, options: WhereUsedOptions = {}): WhereUsed {
  const index: WhereUsed = new Map(project.apps.map((a) => [a.key, new Map<string, Usage[]>()]));
  const add = (app: string | null, code: string | undefined, usage: Usage) => {
    if (app === null || code === undefined) return;
    const fields = index.get(app);
    if (!fields) return;
    fields.set(code, [...(fields.get(code) ?? []), usage]);
  };
  for (const app of project.apps) {
    indexSettings(app, project, add);
    const codes = new Set([...fieldCodes(app.manifest), ...(options.alsoCodes?.get(app.key) ?? [])]);
    for (const script of app.scripts) {
      for (const code of codes) {
        for (const m of scriptMentions(script.text ?? '', code))
          add(app.key, code, { area: 'JavaScript', where: `${script.path}:${m.line} (${m.how})` });
      }
    }
  }
  // Stable: within an area, manifest order (apps in the order of appdeploy.yaml).
  for (const fields of index.values())
    for (const [code, usages] of fields)
      fields.set(
        code,
        [...usages].sort((a, b) => USAGE_AREAS.indexOf(a.area) - USAGE_AREAS.indexOf(b.area)),
      );
  return index;
}

type Add = (app: string | null, code: string | undefined, usage: Usage) => void;

/**
 * The query parser reads filters and sorts (query-fields.ts); formulas are not read here (the
 * formula tokenizer is the local service's), so where-used lists none.
 */
const READERS: TextReaders = { filter: filterFields, sort: sortFields, formula: () => [] };

/** Every place of the app's settings that names a field, of this app or (lookups, copy actions) another. */
function indexSettings(app: UsageApp, project: UsageProject, add: Add): void {
  for (const entry of SETTINGS_CATALOGUE) {
    const body = manifestBody(entry, app.manifest);
    if (body === undefined) continue;
    for (const ref of fieldReferences(entry.key, body, READERS)) {
      const usage = placeUsage(ref);
      if (usage === null) continue;
      if (ref.place.otherApp === undefined) add(app.key, ref.code, usage);
      else add(otherApp(ref.app, project), ref.code, { ...usage, fromApp: app.key });
    }
  }
}

/** The project app an app reference (`relatedApp`, `destApp`) names; null: none, or one outside it. */
function otherApp(ref: unknown, project: UsageProject): string | null {
  return typeof ref === 'object' && ref !== null ? resolveAppRef(ref as AppReference, project) : null;
}
