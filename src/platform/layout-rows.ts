/**
 * What a row of the form layout may hold, as data both validate (project/checks/layout.ts) and
 * the local service (emulator/validate/layout.ts) read, each in its own words. This folder
 * imports nothing.
 *
 * A ROW's (or a table block's) element is a field or a decoration, never a table or a group,
 * which are blocks of their own (`layout[].type`), nor the process's status, assignee or the
 * category, which the form does not show. cybozu.dev's "フォームのレイアウトを変更する" (Update Form
 * Layout) lists the types `layout[].fields[].type` takes without them (SUBTABLE and GROUP are
 * `layout[].type`s), the official client's types likewise (`KintoneFields/types/fieldLayout.d.ts`),
 * and the hosted platform refuses
 * such an element with 400 CB_VA01 "Missing or invalid input." (kintone/mcp-server issue #552:
 * `{ type: "ROW", fields: [{ type: "GROUP", code: "group_0" }] }` sent to Update Form Layout; the
 * same for SUBTABLE, STATUS, STATUS_ASSIGNEE and CATEGORY). The `errors` key of that answer is not
 * recorded: the local service names the element's `type`.
 */
import type { FieldType } from './field-types.js';

/** Fields that are blocks of their own (`{ type: GROUP | SUBTABLE, code, ... }`), never a row's element. */
export const BLOCK_FIELD_TYPES: readonly FieldType[] = ['SUBTABLE', 'GROUP'];

/** System fields the form does not show: never a row's element. */
export const UNSHOWN_FIELD_TYPES: readonly FieldType[] = ['STATUS', 'STATUS_ASSIGNEE', 'CATEGORY'];

/** Why a field of `type` cannot be an element of a row, or undefined when it can. */
export function rowElementRefusal(type: string): 'block' | 'unshown' | undefined {
  if ((BLOCK_FIELD_TYPES as readonly string[]).includes(type)) return 'block';
  if ((UNSHOWN_FIELD_TYPES as readonly string[]).includes(type)) return 'unshown';
  return undefined;
}
