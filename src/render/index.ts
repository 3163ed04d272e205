/**
 * Renderers of a Plan: pure functions from the plan's data to text (terminal), Markdown (pull
 * request comments) and JSON (machines); and of an apply's result, in words. They read plan/ and
 * apply/ types only and compute nothing the planner or apply should have decided.
 */
export { renderText, type TextOptions } from './text.js';
export { renderMarkdown, markdownMarker, MARKDOWN_MARKER } from './markdown.js';
export { GITHUB_COMMENT_LIMIT } from './markdown-fit.js';
export { renderJson } from './json.js';
export { renderCheck } from './check.js';
export { renderSavedPlanSummary } from './saved-plan.js';
export { renderApplyMessage, renderApplyResult, type ApplyTextOptions } from './apply-result.js';
