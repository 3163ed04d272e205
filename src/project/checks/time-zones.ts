import { isTimeZone } from '../../platform/index.js';
import type { ProjectConfig } from '../manifest.js';
import { formatPath, problem, type Problem } from '../problems.js';
import { didYouMean } from '../suggest.js';
import type { YamlSource } from '../yaml-source.js';

/**
 * Each environment's `timeZone` is one the runtime knows (an IANA name): a migration would fail
 * every date conversion in one it does not. Every environment's, not only the chosen one's: a zone
 * is the same name on every machine, so a typo is one wherever the project is checked.
 */
export function checkEnvironmentTimeZones(
  environments: ProjectConfig['environments'] | undefined,
  source: YamlSource,
): Problem[] {
  return Object.entries(environments ?? {}).flatMap(([env, config]) => {
    const zone = config.timeZone;
    if (typeof zone !== 'string' || zone === '' || isTimeZone(zone)) return [];
    const path = ['environments', env, 'timeZone'];
    return [
      problem(
        'ENVIRONMENT.TIME_ZONE',
        `${formatPath(path)}: "${zone}" is not a time zone`,
        source.locate(path),
        {
          hint:
            didYouMean(zone, Intl.supportedValuesOf('timeZone')) ??
            'Give an IANA time zone name, such as Asia/Tokyo, Europe/Berlin or UTC.',
          path,
        },
      ),
    ];
  });
}
