/**
 * A settings endpoint served beside the platform's (the option `endpoints`, options.ts): an area
 * of the App settings table like the others, from its catalogue entry (paths, live PUT, token
 * rule: areas.ts fromEntry), kept per copy of each app under its key (AppSettings `added`).
 */
import type { AddedSettingsEndpoint } from '../../options.js';
import type { AppSettings, JsonObject } from '../../model/app.js';
import { fromEntry, type SettingsArea } from './areas.js';

export function addedArea(added: AddedSettingsEndpoint): SettingsArea {
  const { key } = added.entry;
  const content = (settings: AppSettings): JsonObject => settings.added?.[key] ?? added.initial;
  return {
    ...fromEntry(added.entry),
    readPermission: added.readPermission ?? 'manage',
    lang: false,
    body: added.body,
    required: added.required ?? [],
    read: content,
    // The keys a PUT gives replace theirs and the others stay, as the platform's own endpoints
    // whose body is the content's keys do (Update General Settings, Update Admin Notes: "only the
    // keys given change", the spec's App settings table); an endpoint with a `bodyKey` has one.
    apply: (settings, body) => ({
      settings: { ...settings, added: { ...settings.added, [key]: { ...content(settings), ...body } } },
    }),
  };
}
