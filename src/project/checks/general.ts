import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';

/** General settings: the title field, and the space/thread pair used to create the app. */
export function checkGeneral(ctx: CheckContext): void {
  const { titleField, space, thread } = ctx.manifest;
  if (titleField?.selectionMode === 'MANUAL') {
    if (titleField.code === undefined)
      ctx.report('GENERAL.TITLE_FIELD', 'selectionMode MANUAL needs a code', ['titleField'], {
        at: 'key',
        hint: 'Name the title field with code:, or use selectionMode AUTO.',
      });
    else ctx.field(titleField.code, ['titleField', 'code'], placeRule('general', 'titleField.code'));
  }
  if (space !== undefined && thread === undefined)
    ctx.report('GENERAL.THREAD', 'an app created in a space needs a thread too', ['space'], {
      at: 'key',
      hint: 'Add thread: with the id of a thread of that space.',
    });
  if (thread !== undefined && space === undefined)
    ctx.report('GENERAL.THREAD', 'thread is given without space', ['thread'], {
      at: 'key',
      hint: 'Add space: too.',
    });
}
