import type { CheckContext } from './context.js';
import { VALUE_TYPES } from './field-rules.js';

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
        else ctx.field(mapping.srcField, [...at, 'srcField'], { what: 'a copy source', types: VALUE_TYPES });
      } else if (mapping.srcField !== undefined)
        ctx.report('ACTION.MAPPING', 'srcType RECORD_URL takes no srcField', [...at, 'srcField'], {
          at: 'key',
        });
      if (dest !== undefined)
        ctx.fieldOf(dest, mapping.destField, [...at, 'destField'], {
          what: 'a copy destination',
          types: VALUE_TYPES,
        });
    });
    ctx.filter(action.filterCond, [...path, 'filterCond']);
  }
}
