import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';

const SOURCE = placeRule('actions', 'actions.*.mappings[*].srcField');
const DESTINATION = placeRule('actions', 'actions.*.mappings[*].destField');

/** Copy-record actions: the destination app is known, mappings name fields on both sides. */
export function checkActions(ctx: CheckContext): void {
  for (const [name, action] of Object.entries(ctx.manifest.actions ?? {})) {
    const path = ['actions', name];
    const dest = ctx.relatedApp(action.destApp, [...path, 'destApp']);
    action.mappings.forEach((mapping, i) => {
      const at = [...path, 'mappings', i];
      if (mapping.srcType === 'FIELD') {
        if (mapping.srcField === undefined)
          ctx.report('ACTION.MAPPING', 'srcType FIELD needs srcField', at, {
            hint: 'Name the field to copy with srcField.',
          });
        else ctx.field(mapping.srcField, [...at, 'srcField'], SOURCE);
      } else if (mapping.srcField !== undefined)
        ctx.report('ACTION.MAPPING', 'srcType RECORD_URL takes no srcField', [...at, 'srcField'], {
          at: 'key',
        });
      if (dest !== undefined) ctx.fieldOf(dest, mapping.destField, [...at, 'destField'], DESTINATION);
    });
    ctx.filter(action.filterCond, [...path, 'filterCond']);
  }
}
