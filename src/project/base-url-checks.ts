/**
 * Every environment's baseUrl against the rule the client applies when it connects
 * (platform/base-url.ts): credentials, the API's own path, an address of the service's pages, a
 * query. The schema only knows `http(s)://host...`; without this, validate called such a project
 * valid and plan then refused it, with no line. Every environment's, as the schema checks them
 * all: a base URL, unlike a certificate file, is the same on every machine; and, with a client
 * certificate, it is the domain's Secure Access address. A baseUrl left empty
 * by a variable is the variable's problem (config-environment.ts).
 */
import { baseUrlFault, secureAccessAddress } from '../platform/index.js';
import type { EnvironmentConfig } from './manifest.js';
import { formatPath, problem, type Problem } from './problems.js';
import type { YamlSource } from './yaml-source.js';

export function checkBaseUrls(
  environments: Readonly<Record<string, EnvironmentConfig>>,
  source: YamlSource,
): Problem[] {
  return Object.entries(environments).flatMap(([name, environment]) => {
    const text = environment.baseUrl;
    if (typeof text !== 'string' || text === '' || !URL.canParse(text)) return [];
    const fault = baseUrlFault(new URL(text)) ?? certificateAddressFault(environment, new URL(text));
    if (fault === undefined) return [];
    const path = ['environments', name, 'baseUrl'];
    return [problem('PROJECT.BASE_URL', `${formatPath(path)}: ${fault}`, source.locate(path), { path })];
  });
}

/**
 * A client certificate is asked for at the domain's Secure Access address only (its `.s` host,
 * platform/base-url.ts): given with the other address, it is never presented, and the platform's
 * access control refuses the calls with nothing to say the address is the cause.
 */
function certificateAddressFault(environment: EnvironmentConfig, url: URL): string | undefined {
  if (environment.clientCertificate === undefined) return undefined;
  const secure = secureAccessAddress(url);
  return secure === undefined
    ? undefined
    : `a client certificate (clientCertificate) is asked for at the Secure Access address only: give ${secure}`;
}
