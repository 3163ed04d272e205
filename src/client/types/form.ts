/** Answers of the form endpoints. */
import type { FieldProperties, FieldProperty } from './fields.js';
import type { Layout } from './layout.js';

export interface FieldsResult {
  properties: FieldProperties;
  revision: string;
}

export interface LayoutResult {
  layout: Layout;
  revision: string;
}

/**
 * The deprecated combined form endpoint. The spec shows only its draft path and says it returns
 * fields and layout together; on the hosted platform `properties` is a list of field definitions.
 */
export interface CombinedFormResult {
  properties: FieldProperty[] | FieldProperties;
  layout?: Layout;
  revision?: string;
}
