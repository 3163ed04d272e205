import { attachFileKey, attachmentView } from '../../model/files.js';
import type { AppSettings, Json, JsonObject } from '../../model/app.js';
import type { ApiRequest } from '../../context.js';

/** A `{type: FILE, file: {fileKey}}` entry with its upload key attached (or an attachment key kept). */
function attachFile(req: ApiRequest, entry: JsonObject, path: string): JsonObject {
  if (entry.type !== 'FILE') return entry;
  const key = (entry.file as { fileKey: string }).fileKey;
  const file = attachFileKey(req.ctx, key, `${path}.file.fileKey`, {
    kind: 'app-settings',
    app: req.params.id('app'),
  });
  return { type: 'FILE', file: attachmentView(file) as unknown as JsonObject };
}

/** General settings: a PUT changes only the keys it names; an icon file is attached. */
export function applyGeneral(current: JsonObject, body: JsonObject, req: ApiRequest): JsonObject {
  const next: JsonObject = { ...current };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'app' || key === 'revision') continue;
    next[key] = key === 'icon' ? attachFile(req, value as JsonObject, 'icon') : value;
  }
  return next;
}

/** Customization: each named part replaced; FILE entries attached. */
export function applyCustomize(current: JsonObject, body: JsonObject, req: ApiRequest): JsonObject {
  const next: JsonObject = { ...current, ...(body.scope !== undefined ? { scope: body.scope } : {}) };
  for (const { device, kind, list } of customizeLists(body)) {
    const attached = list.map((entry, i) => attachFile(req, entry as JsonObject, `${device}.${kind}[${i}]`));
    next[device] = { ...(next[device] as JsonObject), [kind]: attached };
  }
  return next;
}

/** A customization list of one device: `desktop.js`, `mobile.css`, ... */
interface CustomizeList {
  readonly device: 'desktop' | 'mobile';
  readonly kind: string;
  readonly list: readonly Json[];
}

/** The lists of a customization (a PUT body or stored settings): the one walk over their shape. */
function customizeLists(customize: JsonObject): CustomizeList[] {
  return (['desktop', 'mobile'] as const).flatMap((device) => {
    const part = customize[device];
    if (!part || typeof part !== 'object' || Array.isArray(part)) return [];
    return Object.entries(part).flatMap(([kind, list]) =>
      Array.isArray(list) ? [{ device, kind, list }] : [],
    );
  });
}

/** An icon or customization entry that is a file rather than a URL. */
export interface SettingsFileEntry {
  readonly type: 'FILE';
  readonly file: { readonly fileKey: string };
}

/** The FILE entries of one copy of an app's settings: its icon and its customization files. */
export function settingsFileEntries(settings: AppSettings): SettingsFileEntry[] {
  const entries = [
    settings.general.icon ?? null,
    ...customizeLists(settings.customize).flatMap((l) => l.list),
  ];
  return entries.filter((entry): entry is JsonObject & SettingsFileEntry => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry) || entry.type !== 'FILE') return false;
    const file = entry.file;
    return !!file && typeof file === 'object' && !Array.isArray(file) && typeof file.fileKey === 'string';
  });
}
