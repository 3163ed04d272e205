/**
 * What a failed check says: the app, the area, the request the shadow refused, the service's
 * code and message, where the manifest holds the refused value, and what to do. A refusal of
 * apply's own (a recount over the copied records) names the field its risk names.
 */
import type { ApplyResult } from '../apply/index.js';
import { errorText } from '../apply/error-text.js';
import type { CheckFailure } from '../plan/index.js';
import { appdeployCommand, type Project } from '../project/index.js';
import { renderApplyMessage } from '../render/apply-result.js';
import type { SettingsCatalogue } from '../platform/index.js';
import type { CallLog } from './recording-client.js';
import { areaOfPath, locateRefusal } from './locate.js';

export function describeFailure(
  result: ApplyResult,
  log: CallLog,
  project: Project,
  keyOf: (id: string | null) => string | null,
  catalogue?: SettingsCatalogue,
): CheckFailure {
  const manifestOf = (key: string | null) => project.apps.find((a) => a.key === key) ?? null;
  if (log.refused !== null) {
    const { error, appId, body } = log.refused;
    const key = keyOf(appId);
    const place = areaOfPath(error.path, catalogue);
    const app = manifestOf(key);
    const location = app === null ? null : locateRefusal(app, place, error.errors, body);
    return {
      app: key,
      area: place?.area ?? null,
      request: `${error.method ?? '?'} ${error.path ?? '?'}`,
      code: error.code,
      // The service's own words, without the status and code said beside them.
      message: errorText(error)
        .replace(`[${error.status}] [${error.code}] `, '')
        .replace(/ \([\w-]+\)(?= |$)/, ''),
      location,
      hint:
        location === null
          ? 'The target would refuse this request the same way; change what it names and plan again.'
          : `The target would refuse this value the same way: change it at ${location} and run plan --check again.`,
    };
  }
  const refusal = result.refusals[0];
  if (refusal !== undefined) {
    const key = 'app' in refusal ? refusal.app : null;
    const app = manifestOf(key);
    const field = app === null ? undefined : uniqueField(refusal);
    const at =
      app === null ? null : app.source.locate(field === undefined ? [] : ['fields', field, 'unique']);
    return {
      app: key,
      area: field === undefined ? null : 'fields',
      request: null,
      code: null,
      message: `apply refused on the copy: ${refusal.message}`,
      location: at === null ? null : `${at.file}:${at.line}:${at.col}`,
      hint:
        field === undefined
          ? 'Apply would refuse the same on the target; see the message.'
          : `The copied records share values of ${field}: make them unique first, or leave \`unique\` out at ${at === null ? 'the manifest' : `${at.file}:${at.line}:${at.col}`}.`,
    };
  }
  const hit = result.apps.find(
    (a) => a.outcome !== 'applied' && a.outcome !== 'created' && a.outcome !== 'unchanged',
  );
  return {
    app: hit?.key ?? null,
    area: null,
    request: null,
    code: null,
    message: renderApplyMessage(result, { command: (name) => appdeployCommand(project, name) }),
    location: null,
    hint: 'The change failed on the copy as it would on the target; see the message.',
  };
}

/** The field of a refusal over records that break a new `unique` (its message names it first). */
function uniqueField(refusal: ApplyResult['refusals'][number]): string | undefined {
  if (refusal.kind !== 'deploy-fails' && refusal.kind !== 'risk-grew') return undefined;
  return /field "?([^"\s:]+)"?/.exec(refusal.message)?.[1];
}
