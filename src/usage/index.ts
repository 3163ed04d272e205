/**
 * The where-used index: every place of the project that names a field. Pure, from the manifests
 * and the scripts' text; the handbook prints it, the planner names it beside a removed field.
 */
export { allFields, resolveAppRef, type UsageApp, type UsageProject, type UsageScript } from './model.js';
export {
  buildWhereUsed,
  fieldCodes,
  type Usage,
  type UsageArea,
  type WhereUsed,
  type WhereUsedOptions,
} from './where-used.js';
export { filterFields, sortFields } from './query-fields.js';
export { scriptMentions, type ScriptMention } from './script-mentions.js';
