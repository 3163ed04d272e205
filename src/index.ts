// The library's public entry (`appdeploy`): load and validate a project, plan, render, apply.
// The REST client is `appdeploy/client`, the local service `appdeploy/emulator` and the query
// language `appdeploy/query`: this entry never loads the local service, so a program that only
// deploys does not carry it.
// ErrorCode: the union `AppdeployError.code` is, for a user's `switch` over it.
export { AppdeployError, type ErrorCode } from './errors.js';
export * from './project/index.js';
// The field types: client/ derives its FieldType from its typed field properties (test/platform
// holds it equal to platform/'s list) and takes SystemFieldType from platform/; the platform's
// are the ones the library exports.
export type { FieldType, SystemFieldType } from './platform/index.js';
// The language a project's apps name their system fields in (ProjectConfig.locale).
export type { Locale } from './platform/index.js';
export { plan, hasChanges, PLAN_FORMAT_VERSION, type PlanOptions } from './plan/index.js';
export type * from './plan/types.js';
export {
  renderText,
  renderMarkdown,
  renderJson,
  MARKDOWN_MARKER,
  markdownMarker,
  GITHUB_COMMENT_LIMIT,
  renderApplyMessage,
  renderApplyResult,
  type TextOptions,
  type ApplyTextOptions,
} from './render/index.js';
export { apply, DEFAULT_APPLY_TIMEOUT_MS } from './apply/index.js';
export type * from './apply/types.js';
export { exportApps, createProjectFile, type Selection } from './export/index.js';
export type * from './export/types.js';
// What plan() and apply() take: a client for the environment's service; `connect` makes it from
// the project's environment as the CLI does (proxy, certificate, CA, the local service).
export { createClient, type Client, type ClientOptions, type Platform } from './client/index.js';
export { connect, type Connection, type ConnectOptions } from './local/connect.js';
// The query language as a namespace, as before `appdeploy/query` existed.
export * as query from './query/index.js';
