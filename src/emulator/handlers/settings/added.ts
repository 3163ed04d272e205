/**
 * Settings endpoints served from their catalogue entry (paths, live PUT, token rule: areas.ts
 * fromEntry) and a few rules given beside it (the body's shapes, a new app's content), each an
 * area of the App settings table like the others, kept per copy of each app under its key
 * (AppSettings `added`): no place of its own in the model, its defaults or the shadow's read.
 */
import type { AddedSettingsEndpoint } from '../../options.js';
import type { AppSettings, JsonObject } from '../../model/app.js';
import { fromEntry, type SettingsArea } from './areas.js';

/**
 * The platform's endpoints served so: where a new area's endpoint goes when the service needs
 * no rule of its own beyond its body's shapes (one that does, a rule across areas or over the
 * draft's fields, has its row in areas.ts and its place in AppSettings instead). Each with the
 * evidence for its rules beside it. None of the platform's is served so yet: the option
 * `endpoints` (options.ts) serves more the same way, as test/areas/new-endpoint-area.test.ts does.
 */
export const SERVED_FROM_ENTRY: readonly AddedSettingsEndpoint[] = [];

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
    // with optional keys do (Update General Settings, cybozu.dev: "parameters left out are not
    // updated"; the spec's App settings table lists those keys optional). An endpoint with a
    // `bodyKey` has one key, replaced whole. One whose write replaces all its content, keys left
    // out included, is a row of areas.ts instead: nothing tells the two kinds apart here.
    apply: (settings, body) => ({
      settings: { ...settings, added: { ...settings.added, [key]: { ...content(settings), ...body } } },
    }),
  };
}
