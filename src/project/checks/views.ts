import type { CheckContext } from './context.js';
import { DATE_TYPES, VALUE_TYPES } from './field-rules.js';

/** Views: list columns, calendar date and title, filters and sorts name fields that fit. */
export function checkViews(ctx: CheckContext): void {
  const indexes = new Map<string, string>();
  for (const [name, view] of Object.entries(ctx.manifest.views ?? {})) {
    const path = ['views', name];
    if (view.index !== undefined) {
      const other = indexes.get(String(view.index));
      if (other !== undefined)
        ctx.report(
          'VIEW.INDEX',
          `index ${String(view.index)} is also the index of view "${other}"`,
          [...path, 'index'],
          {
            hint: 'Give each view its own index, or leave index out to use the order of the map.',
          },
        );
      else indexes.set(String(view.index), name);
    }
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
            types: VALUE_TYPES,
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
