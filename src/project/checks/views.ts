import { repeatedViewIndexes } from '../../platform/index.js';
import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';

/** The places of a view that name a field (platform/field-places.ts). */
const COLUMN = placeRule('views', 'views.*.fields[*]');
const DATE = placeRule('views', 'views.*.date');
const TITLE = placeRule('views', 'views.*.title');

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
          // Any field but a container, as the local service checks it (platform/view-rules.ts).
          ctx.field(code, [...path, 'fields', i], COLUMN);
        });
        break;
      }
      case 'CALENDAR':
        ctx.field(view.date, [...path, 'date'], DATE);
        ctx.field(view.title, [...path, 'title'], TITLE);
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
