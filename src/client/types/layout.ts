/** The form layout: rows of fields, subtables and groups (platform-facts "Settings shapes"). */

export interface FieldSize {
  width?: string;
  height?: string;
  innerHeight?: string;
}

/** A field placed in the layout, or a layout-only element (LABEL, SPACER, HR). */
export type LayoutField =
  | { type: 'LABEL'; label: string; elementId?: string; size?: FieldSize }
  | { type: 'SPACER'; elementId: string; size?: FieldSize }
  | { type: 'HR'; size?: FieldSize }
  | { type: string; code: string; size?: FieldSize; elementId?: string };

export interface RowLayout {
  type: 'ROW';
  fields: LayoutField[];
}

export interface SubtableLayout {
  type: 'SUBTABLE';
  code: string;
  fields: LayoutField[];
}

export interface GroupLayout {
  type: 'GROUP';
  code: string;
  layout: RowLayout[];
}

export type LayoutRow = RowLayout | SubtableLayout | GroupLayout;
export type Layout = LayoutRow[];
