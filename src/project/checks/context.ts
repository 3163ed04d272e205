import type { Entity } from '../../client/types/common.js';
import type { AppManifest } from '../manifest.js';
import type { AppReference } from '../manifest-fields.js';
import { formatPath, problem, type Path, type Problem } from '../problems.js';
import type { YamlSource } from '../yaml-source.js';
import { suggest } from '../suggest.js';
import { ENTITY_TYPES, type FieldRule } from './field-rules.js';
import type { FieldIndex, FieldInfo } from './field-index.js';

/**
 * An app whose manifest could be read, with its fields indexed. Its `manifest` holds only the parts
 * that passed the schema (wellFormedParts): a part that failed is left out, as if not managed.
 */
export interface CheckedApp {
  key: string;
  manifest: AppManifest;
  source: YamlSource;
  /** Null when the manifest leaves `fields` out (field references cannot be checked). */
  index: FieldIndex | null;
}

/** A filterCond or sort string to check with the query language once every other check ran. */
export interface QueryJob {
  kind: 'filter' | 'sort';
  text: string;
  path: Path;
  source: YamlSource;
  /** The app whose records the query runs over (another one for lookups and reference tables); null when outside the project. */
  over: CheckedApp | null;
}

/**
 * What every check gets: the app, the other apps of the project, and ways to report. Apps of the
 * project whose manifest could not be read are present as null: they exist, but their fields are
 * not known.
 */
export class CheckContext {
  readonly problems: Problem[] = [];
  readonly queries: QueryJob[] = [];

  constructor(
    readonly app: CheckedApp,
    private readonly apps: ReadonlyMap<string, CheckedApp | null>,
  ) {}

  get manifest(): AppManifest {
    return this.app.manifest;
  }

  report(
    code: string,
    message: string,
    path: Path,
    options: { at?: 'key' | 'value'; hint?: string } = {},
  ): void {
    const shown = formatPath(path);
    const where = this.app.source.locate(path, options.at ?? 'value');
    this.problems.push(
      problem(code, shown ? `${shown}: ${message}` : message, where, { hint: options.hint, path }),
    );
  }

  /** Checks that `code` names a field of this app that fits `rule`; returns it when it does. */
  field(code: string, path: Path, rule: FieldRule): FieldInfo | undefined {
    return this.fieldOf(this.app, code, path, rule);
  }

  /** The same for a field of another app; silent when that app's fields (or this field) are not known. */
  fieldOf(app: CheckedApp | null, code: string, path: Path, rule: FieldRule): FieldInfo | undefined {
    const index = app?.index;
    if (!app || !index) return undefined;
    const info = index.lookup(code);
    if (info === 'unchecked') return undefined;
    if (info === 'missing') {
      this.report('FIELD.UNKNOWN', noField(code, app, app === this.app), path, {
        hint: suggest(code, [...index.fields.keys()]),
      });
      return undefined;
    }
    if (rule.types && !rule.types.includes(info.type)) {
      const allowed =
        rule.types.length <= 6 ? rule.types.join(', ') : `one of ${rule.types.length} value types`;
      this.report(
        'FIELD.WRONG_TYPE',
        `field "${code}" is ${info.type}; ${rule.what} must be ${allowed}`,
        path,
      );
      return undefined;
    }
    if (info.subtable !== null && !rule.allowSubtable) {
      this.report(
        'FIELD.IN_SUBTABLE',
        `field "${code}" is in subtable "${info.subtable}"; ${rule.what} cannot be`,
        path,
        {
          hint: 'Use a field outside the subtable.',
        },
      );
      return undefined;
    }
    return info;
  }

  /**
   * Resolves another app. A project key gives that app (null when its manifest is invalid); a
   * numeric id or an app code names an app outside the project, which cannot be checked (null);
   * an unknown key is reported (undefined).
   */
  relatedApp(ref: AppReference, path: Path): CheckedApp | null | undefined {
    if (!('app' in ref)) return null;
    const value = ref.app;
    if (typeof value === 'number' || /^[1-9][0-9]*$/.test(value)) return null;
    if (!this.apps.has(value)) {
      const keys = [...this.apps.keys()];
      this.report('APP.UNKNOWN', `no app "${value}" in this project`, [...path, 'app'], {
        hint: `Name an app key of appdeploy.yaml (${keys.join(', ')}) or a numeric app id.`,
      });
      return undefined;
    }
    return this.apps.get(value) ?? null;
  }

  /** A FIELD_ENTITY must name a user, organization or group field (or creator/modifier). */
  entity(entity: Entity, path: Path, allowed?: readonly Entity['type'][]): void {
    if (allowed && !allowed.includes(entity.type)) {
      this.report(
        'ENTITY.TYPE',
        `entity type ${entity.type} is not allowed here; use ${allowed.join(', ')}`,
        [...path, 'type'],
        {
          hint:
            entity.type === 'CREATOR' && allowed.includes('FIELD_ENTITY')
              ? "Name the record's creator through its field: { type: FIELD_ENTITY, code: <the CREATOR field's code> }."
              : `The service refuses other entity types here; use one of ${allowed.join(', ')}.`,
        },
      );
      return;
    }
    if (entity.type === 'FIELD_ENTITY' && entity.code)
      this.field(entity.code, [...path, 'code'], { what: 'a FIELD_ENTITY', types: ENTITY_TYPES });
  }

  filter(text: string | undefined, path: Path, over: CheckedApp | null = this.app): void {
    if (text !== undefined && text.trim() !== '')
      this.queries.push({ kind: 'filter', text, path, source: this.app.source, over });
  }

  sort(text: string | undefined, path: Path, over: CheckedApp | null = this.app): void {
    if (text !== undefined && text.trim() !== '')
      this.queries.push({ kind: 'sort', text, path, source: this.app.source, over });
  }
}

/** How a reference to a field an app lacks is worded, by every check (queries included). */
export function noField(code: string, app: CheckedApp, self: boolean): string {
  return `no field "${code}" ${self ? 'in this app' : `in app "${app.key}"`}`;
}
