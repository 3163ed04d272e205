/**
 * System fields that Update Form Fields cannot change (code, label or any other property):
 * kintone's Update Form Fields documentation, as the official kintone MCP server's
 * `kintone-update-form-fields` tool carries it ("Cannot update field codes for Label, Blank
 * space, Border, Status, Assignee, or Category fields").
 */
export const FIXED_SYSTEM_FIELD_TYPES: ReadonlySet<string> = new Set([
  'STATUS',
  'STATUS_ASSIGNEE',
  'CATEGORY',
]);
