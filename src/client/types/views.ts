/** Views (platform-facts "Settings shapes"): a map from view name to definition. */
import type { NamedMapResult, NamedMapUpdateResult } from './common.js';

interface ViewBase<T extends string> {
  type: T;
  name: string;
  /** Assigned by the service; leave it out when adding a view. */
  id?: string;
  /** Position among the views, as a string. */
  index: string;
  filterCond?: string;
  sort?: string;
  /** Only on the built-in view "(Assigned to me)" of a process-enabled app (official client's app/view.d.ts). */
  builtinType?: 'ASSIGNEE';
}

export interface ListView extends ViewBase<'LIST'> {
  fields: string[];
}

export interface CalendarView extends ViewBase<'CALENDAR'> {
  date: string;
  title: string;
}

export interface CustomView extends ViewBase<'CUSTOM'> {
  html: string;
  pager: boolean;
  device?: 'DESKTOP' | 'ANY';
}

export type View = ListView | CalendarView | CustomView;
export type Views = Record<string, View>;

export type ViewsResult = NamedMapResult<'views', View>;
export type UpdateViewsResult = NamedMapUpdateResult<'views'>;
