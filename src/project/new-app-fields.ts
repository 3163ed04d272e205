/**
 * What a manifest asks of the system fields of an app that apply will create, that the interface
 * cannot give it. A new app gets its system fields with the codes and labels of the language it
 * is created in (platform-facts-verified, "Locale": `ステータス`, `作業者`, `カテゴリー` in ja;
 * SYSTEM_FIELD_CODES), and STATUS, STATUS_ASSIGNEE and CATEGORY fields cannot be changed through
 * Update Form Fields at all, code, label or any other property (platform FIXED_SYSTEM_FIELD_TYPES).
 * The other system fields are renamed and relabelled by apply like any field. Pure: validate
 * (with the environment's `locale`) and plan (with the deploying user's language) both ask it.
 */
import {
  FIXED_SYSTEM_FIELD_TYPES,
  SYSTEM_FIELD_CODES,
  SYSTEM_FIELD_LABELS,
  SYSTEM_FIELD_TYPES,
  type Locale,
  type SystemFieldType,
} from '../platform/index.js';
import type { AppManifest } from './manifest.js';
import type { PathSegment } from './problems.js';

/** A fixed system field the manifest declares otherwise than a new app has it. */
export interface NewAppFieldMismatch {
  type: SystemFieldType;
  /** The code the manifest gives it. */
  code: string;
  /** Where in the manifest: the label when only the label (or noLabel) differs, else the field's key. */
  path: PathSegment[];
  /** What the manifest would have to say: the new app's code and label. */
  want: { code: string; label: string };
  /** The manifest's code differs (and not only the label). */
  codeDiffers: boolean;
}

/** STATUS, STATUS_ASSIGNEE and CATEGORY declared with another code, label or noLabel than a new app in `locale` has. */
export function newAppFieldMismatches(manifest: AppManifest, locale: Locale): NewAppFieldMismatch[] {
  const out: NewAppFieldMismatch[] = [];
  for (const [code, field] of Object.entries(manifest.fields ?? {})) {
    const type = field.type as SystemFieldType;
    if (!FIXED_SYSTEM_FIELD_TYPES.has(type)) continue;
    const want = { code: SYSTEM_FIELD_CODES[locale][type], label: SYSTEM_FIELD_LABELS[locale][type] };
    const codeDiffers = code !== want.code;
    const label = (field as { label?: unknown }).label;
    const noLabel = (field as { noLabel?: unknown }).noLabel === true;
    if (!codeDiffers && label === want.label && !noLabel) continue;
    const path = codeDiffers ? ['fields', code] : ['fields', code, noLabel ? 'noLabel' : 'label'];
    out.push({ type, code, path, want, codeDiffers });
  }
  return out;
}

/**
 * The codes of system fields the manifest does not declare that the project assumes (the
 * environment's `locale`: validate resolves references to them so) and a new app created in
 * `locale` does not have: each with the code the new app gives it instead.
 */
export function undeclaredCodeShifts(
  manifest: AppManifest,
  assumed: Locale,
  locale: Locale,
): { type: SystemFieldType; assumed: string; actual: string }[] {
  if (assumed === locale) return [];
  const declared = new Set(Object.values(manifest.fields ?? {}).map((f) => f.type));
  return SYSTEM_FIELD_TYPES.filter((type) => !declared.has(type)).map((type) => ({
    type,
    assumed: SYSTEM_FIELD_CODES[assumed][type],
    actual: SYSTEM_FIELD_CODES[locale][type],
  }));
}

/**
 * The reason and the way out, worded once for validate's problem and the plan's blocked risk;
 * `creation` says who creates the app in which language (`apply creates app "tasks" in ...`).
 */
export function describeMismatch(
  mismatch: NewAppFieldMismatch,
  creation: string,
): { reason: string; instead: string } {
  const { type, code, want } = mismatch;
  const has = `${creation}: it gets its ${type} field with the code "${want.code}" and the label "${want.label}"`;
  if (mismatch.codeDiffers) {
    // The language whose new apps have this code, when one has.
    const other = (['en', 'ja'] as const).find((l) => SYSTEM_FIELD_CODES[l][type] === code);
    const create =
      other === undefined
        ? ''
        : `; or create the app in ${other}: locale: ${other} in appdeploy.yaml, deployed by a user whose own language is ${other} or follows the browser`;
    return {
      reason: `${has}, and the interface cannot change a ${type} field's code, so "${code}" would not exist`,
      instead: `name it "${want.code}" (label "${want.label}") in the manifest, and wherever the project names "${code}"${create}`,
    };
  }
  return {
    reason: `${has}, and the interface cannot change a ${type} field's label or noLabel`,
    instead: `keep the label "${want.label}" in the manifest; change it in the app's settings screen after apply, then export`,
  };
}
