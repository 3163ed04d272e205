/**
 * Renderers of a Plan: pure functions from the plan's data to text (terminal), Markdown (pull
 * request comments) and JSON (machines). They read plan/ types only and compute nothing the
 * planner should have decided.
 */
export { renderText, type TextOptions } from './text.js';
export { renderMarkdown, MARKDOWN_MARKER } from './markdown.js';
export { renderJson } from './json.js';
export { renderCheck } from './check.js';
