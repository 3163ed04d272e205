/**
 * The language the exported apps were created in, read from their STATUS, STATUS_ASSIGNEE and
 * CATEGORY fields, whose codes no one can change (platform FIXED_SYSTEM_FIELD_TYPES) and which a
 * new app gets in its creator's language (platform-facts-verified, "Locale"). Export writes it to
 * appdeploy.yaml when the project's language says otherwise, so that the exported project
 * applies as it is to a service in the same language (its new apps get these codes: apply asks
 * for the project's `locale`, and validate resolves undeclared system fields with it).
 */
import { parseDocument } from 'yaml';
import type { Json } from '../areas/types.js';
import { FIXED_SYSTEM_FIELD_TYPES, SYSTEM_FIELD_CODES, type Locale } from '../platform/index.js';
import { maskManifest } from './variables.js';
import { patchYaml, type YamlEdit } from './yaml-patch.js';

const LOCALES: readonly Locale[] = ['en', 'ja'];

/** The locale whose codes an app's fixed system fields have (canonical fields: code -> definition); null when none tells. */
export function appLocale(fields: Json | undefined): Locale | null {
  if (fields === null || fields === undefined || typeof fields !== 'object' || Array.isArray(fields))
    return null;
  for (const [code, def] of Object.entries(fields)) {
    const type = def !== null && typeof def === 'object' && !Array.isArray(def) ? def.type : undefined;
    if (typeof type !== 'string' || !FIXED_SYSTEM_FIELD_TYPES.has(type)) continue;
    const found = LOCALES.find(
      (l) => SYSTEM_FIELD_CODES[l][type as keyof (typeof SYSTEM_FIELD_CODES)['en']] === code,
    );
    if (found) return found;
  }
  return null;
}

/**
 * The project file's text with `locale` set where the environment's language comes from: the
 * environment's own `locale` when it has one, else the project's (added at the top level when
 * neither says). Unchanged when the environment already has `locale`.
 */
export function withLocale(text: string, environment: string, locale: Locale): string {
  const masked = maskManifest(text);
  const doc = parseDocument(masked.masked);
  const own = doc.getIn(['environments', environment, 'locale']);
  const project = doc.get('locale');
  const current = own ?? project ?? 'en';
  if (current === locale) return text;
  const path = own !== undefined || project !== undefined ? ['environments', environment] : [];
  const edit: YamlEdit = doc.hasIn([...path, 'locale'])
    ? { kind: 'set', path: [...path, 'locale'], value: locale }
    : { kind: 'add', path, key: 'locale', value: locale };
  return masked.unmask(patchYaml(masked.masked, [edit]));
}
