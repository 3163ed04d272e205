import { LIST_COLUMN_FIELD_TYPES, repeatedViewIndexes } from '../../platform/index.js';
import type { CheckContext } from './context.js';
import { DATE_TYPES, VALUE_TYPES } from './field-rules.js';

/** Views: list columns, calendar date and title, filters and sorts name fields that fit. */
export function checkViews(ctx: CheckContext): void {
  const views = Object.entries(ctx.manifest.views ?? {});
  // One index twice is refused by the local service too (platform/view-rules.ts).
  for (const r of repeatedViewIndexes(views.map(([name, v]) => [name, v.index] as const)))
    ctx.report(
      'VIEW.INDEX',
      `index ${r.index} is also the index of view "${r.first}"`,
      ['views', r.name, 'index'],
      {
        hint: 'Give each view its own index, or leave index out to use the order of the map.',
      },
    );
  for (const [name, view] of views) {
    const path = ['views', name];
    ctx.filter(view.filterCond, [...path, 'filterCond']);
    ctx.sort(view.sort, [...path, 'sort']);
    switch (view.type) {
      case 'LIST': {
        const seen = new Set<string>();
        (view.fields ?? []).forEach((code, i) => {
          if (seen.has(code))
            ctx.report('VIEW.DUPLICATE_COLUMN', `field "${code}" is listed twice`, [...path, 'fields', i], {
              hint: 'Remove the repeated column.',
            });
          seen.add(code);
          ctx.field(code, [...path, 'fields', i], {
            what: 'a list column',
            // Any field but a container, as the local service checks it (platform/view-rules.ts).
            types: LIST_COLUMN_FIELD_TYPES,
            allowSubtable: true,
          });
        });
        break;
      }
      case 'CALENDAR':
        ctx.field(view.date, [...path, 'date'], { what: 'a calendar date', types: DATE_TYPES });
        ctx.field(view.title, [...path, 'title'], { what: 'a calendar title', types: VALUE_TYPES });
        break;
      case 'CUSTOM':
        break;
      default: {
        const never: never = view;
        return never;
      }
    }
  }
}
