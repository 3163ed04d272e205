/** The project loader: appdeploy.yaml and app manifests, validated, with source positions. */
export { validateProject, loadProject, invalidProjectError } from './load.js';
export type { LoadOptions, Project, ProjectApp, ValidationResult } from './load.js';
export type { ChosenEnvironment } from './environment.js';
export { environmentLogin, usesTokenOnly } from './environment.js';
export { displayPath, findConfig, findConfigUpward, foundAboveNote, CONFIG_NAMES } from './find.js';
export { readScripts, type ProjectScript } from './read-scripts.js';
export { appdeployCommand, projectFlags, shellWord, type ProjectChoice } from './next-command.js';
export type { Variables } from './env-vars.js';
export { formatProblem, formatValidationText, problemCount, validationReport } from './format.js';
export type { ValidationReport } from './format.js';
export { formatPath } from './problems.js';
export { nearestThen } from './suggest.js';
export { savedPlanMismatch } from './saved-plan-schema.js';
export type { Problem, Path, PathSegment } from './problems.js';
export type { YamlSource, Location } from './yaml-source.js';
export type * from './manifest.js';
export { SYSTEM_FIELD_TYPES } from './manifest-fields.js';
export { DEFAULT_SYSTEM_CODES } from './checks/field-index.js';
export {
  hasPrincipalMaps,
  inversePrincipalMaps,
  invertPrincipals,
  leftOutItems,
  principalReferences,
  resolvePrincipals,
  target as principalTarget,
  PRINCIPAL_PLACES,
  type LeftOutItem,
  type LeftOutPrincipal,
  type PrincipalKind,
  type PrincipalMaps,
  type PrincipalReference,
} from './principal-maps.js';
export { refuseProtected } from './protected.js';
export { lookupCopies } from './record-checks/check-record.js';
export { fileInAnyForm } from './record-checks/file-name-forms.js';
export {
  readRecordFile,
  recordsTimeZone,
  uniqueFieldCodes,
  type RecordSource,
} from './record-checks/index.js';
