/**
 * General settings (`app/settings.json`): name, description, icon, theme, title field, number
 * precision, fiscal year and the enable* switches. A PUT changes only the keys it names, so only
 * the keys the manifest gives are managed: the current value is projected onto the desired keys
 * before comparing, and a write names only the keys that differ. `name` is required in every
 * manifest, so this area is always managed.
 */
import { defined, flag, numeric, sortKeys, text } from './canonical.js';
import { asFile, asRecord, fileFromManifest, fileFromService, fileToManifest, oneWrite } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { GeneralSettingsUpdate } from '../client/types/general-settings.js';
import type { AppManifest, IconSetting } from '../project/manifest.js';
import type { Area, ExportContext, Json, JsonObject, ReadContext, ResolveContext } from './types.js';

const SWITCHES = [
  'enableThumbnails',
  'enableBulkDeletion',
  'enableComments',
  'enableDuplicateRecord',
  'enableInlineRecordEditing',
] as const;

const PRECISION_KEYS = ['digits', 'decimalPlaces', 'roundingMode'] as const;

function iconFromManifest(icon: IconSetting, ctx: ResolveContext): Json {
  return icon.type === 'FILE' ? fileFromManifest(icon.path, ctx) : { type: 'PRESET', key: icon.key };
}

/** The title field: `code` means something only with MANUAL selection. */
function titleField(value: unknown): JsonObject {
  const t = asRecord(value);
  const selectionMode = text(t.selectionMode, 'AUTO');
  return selectionMode === 'MANUAL' ? { selectionMode, code: text(t.code) } : { selectionMode };
}

/** Number precision with the sub-keys given (numbers as the service's strings). */
function numberPrecision(value: unknown): JsonObject {
  const p = asRecord(value);
  return defined({
    digits: p.digits === undefined ? undefined : numeric(p.digits),
    decimalPlaces: p.decimalPlaces === undefined ? undefined : numeric(p.decimalPlaces),
    roundingMode: p.roundingMode === undefined ? undefined : text(p.roundingMode),
  });
}

function fromManifest(m: AppManifest, ctx: ResolveContext): JsonObject {
  const value: Record<string, Json | undefined> = {
    name: m.name,
    description: m.description,
    icon: m.icon && iconFromManifest(m.icon, ctx),
    theme: m.theme,
    titleField: m.titleField && titleField(m.titleField),
    numberPrecision: m.numberPrecision && numberPrecision(m.numberPrecision),
    firstMonthOfFiscalYear:
      m.firstMonthOfFiscalYear === undefined ? undefined : numeric(m.firstMonthOfFiscalYear),
  };
  for (const key of SWITCHES) value[key] = m[key];
  return sortKeys(defined(value));
}

async function read(ctx: ReadContext): Promise<{ value: JsonObject; revision: string }> {
  const { revision, ...s } = await ctx.client.settings.getGeneralSettings({ app: ctx.app, copy: ctx.copy });
  const icon =
    s.icon.type === 'FILE' ? await fileFromService(s.icon, ctx) : { type: 'PRESET', key: s.icon.key };
  const value: Record<string, Json | undefined> = {
    name: s.name,
    description: text(s.description),
    icon,
    theme: s.theme,
    titleField: s.titleField && titleField(s.titleField),
    numberPrecision: s.numberPrecision && numberPrecision(s.numberPrecision),
    firstMonthOfFiscalYear:
      s.firstMonthOfFiscalYear === undefined ? undefined : numeric(s.firstMonthOfFiscalYear),
  };
  for (const key of SWITCHES) value[key] = s[key] === undefined ? undefined : flag(s[key]);
  return { value: sortKeys(defined(value)), revision };
}

/**
 * The current settings as far as `desired` manages them: its keys only, and of the number
 * precision only the sub-keys it gives (the rest is left as the service has it).
 */
export function projectGeneral(desired: JsonObject, current: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(desired)) {
    const value = current[key];
    if (value === undefined) continue;
    if (key === 'numberPrecision') {
      const wanted = asRecord(desired.numberPrecision);
      const have = asRecord(value);
      out[key] = Object.fromEntries(
        PRECISION_KEYS.filter((k) => k in wanted && have[k] !== undefined).map((k) => [k, have[k]!]),
      );
    } else out[key] = value;
  }
  return out;
}

function toManifest(c: JsonObject, ctx: ExportContext): Partial<AppManifest> {
  const out: Record<string, unknown> = { ...c };
  if (c.icon !== undefined) {
    const file = asFile(c.icon);
    out.icon = file ? fileToManifest(file, ctx) : c.icon;
  }
  if (c.numberPrecision !== undefined) {
    const p = asRecord(c.numberPrecision);
    out.numberPrecision = defined({
      digits: p.digits === undefined ? undefined : Number(p.digits),
      decimalPlaces: p.decimalPlaces === undefined ? undefined : Number(p.decimalPlaces),
      roundingMode: p.roundingMode,
    });
  }
  if (c.firstMonthOfFiscalYear !== undefined) out.firstMonthOfFiscalYear = Number(c.firstMonthOfFiscalYear);
  return out;
}

function diff(desired: JsonObject, current: JsonObject) {
  return diffMap(desired, projectGeneral(desired, current));
}

export const generalArea: Area<JsonObject, 'general'> = {
  key: 'general',
  // After the fields (titleField names one) and the layout, as apply has always written it; the
  // fields' removals wait for it (fields-remove), so that a title field about to go is replaced
  // before it goes.
  phases: [{ name: 'general', after: ['fields-references', 'layout'] }],
  itemNoun: 'setting',
  fromManifest,
  toManifest,
  read,
  diff,
  unchangedCount: (desired, current) => unchangedInMap(desired, projectGeneral(desired, current)),
  writes(desired, current) {
    const changes = diff(desired, current);
    return oneWrite('general', changes, async (wctx, revision) => {
      // Only what differs: an unchanged icon file is not uploaded again.
      const body: Record<string, unknown> = {};
      for (const change of changes) {
        const key = String(change.path[0]);
        body[key] = desired[key];
      }
      const file = asFile(body.icon);
      if (file) body.icon = { type: 'FILE', file: { fileKey: await wctx.upload(file.file.sha256) } };
      // The service replaces number precision whole: the sub-keys not managed keep their value.
      if (body.numberPrecision !== undefined)
        body.numberPrecision = { ...asRecord(current.numberPrecision), ...asRecord(desired.numberPrecision) };
      const update = body as GeneralSettingsUpdate;
      const { revision: next } = await wctx.client.settings.updateGeneralSettings({
        ...update,
        app: wctx.app,
        revision,
      });
      return next;
    });
  },
};
