/**
 * Notes for app administrators (`app/adminNotes.json`): one value, the notes and whether app
 * templates and duplicates keep them. Read from the copy asked for and written to the draft
 * (`preview/app/adminNotes.json`): a PUT on the live path would publish every pending draft
 * setting of the app at once. Defaults when the manifest leaves a key out: no notes, and not
 * kept in templates (false, as every boolean left out of a manifest; the hosted platform's
 * documentation names no default for it).
 */
import { flag, text } from './canonical.js';
import { oneWrite, togetherPhase } from './area-kit.js';
import { diffSingle } from './diff.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area } from './types.js';

export type AdminNotesCanonical = { content: string; includeInTemplateAndDuplicates: boolean };

function canonical(value: {
  content?: unknown;
  includeInTemplateAndDuplicates?: unknown;
}): AdminNotesCanonical {
  return {
    content: text(value.content),
    includeInTemplateAndDuplicates: flag(value.includeInTemplateAndDuplicates),
  };
}

export const adminNotesArea: Area<AdminNotesCanonical, 'adminNotes'> = {
  key: 'adminNotes',
  phases: togetherPhase('adminNotes'),
  itemNoun: 'note',
  fromManifest: (m: AppManifest) => (m.adminNotes === undefined ? undefined : canonical(m.adminNotes)),
  toManifest: (c) => ({
    adminNotes: {
      ...(c.content !== '' ? { content: c.content } : {}),
      ...(c.includeInTemplateAndDuplicates ? { includeInTemplateAndDuplicates: true } : {}),
    },
  }),
  async read(ctx) {
    const { revision, ...notes } = await ctx.client.settings.getAdminNotes({ app: ctx.app, copy: ctx.copy });
    return { value: canonical(notes), revision };
  },
  diff: (desired, current) => diffSingle(desired, current),
  unchangedCount: (desired, current, changes) => (changes.length === 0 ? 1 : 0),
  writes: (desired, current) =>
    oneWrite('adminNotes', diffSingle(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateAdminNotes({
        app: wctx.app,
        content: desired.content,
        includeInTemplateAndDuplicates: desired.includeInTemplateAndDuplicates,
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
