/**
 * The chosen environment's connection files (clientCertificate's, ca) exist: checked by validate,
 * with the line and column of the path that names them, so a missing certificate is found before
 * a command tries to connect. Only the chosen environment's: another environment's certificate
 * may well live on another machine. (Its `${VAR}`s, passwords included, are checked with every
 * other variable: config-environment.ts unsetProblems.)
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChosenEnvironment } from './environment.js';
import type { EnvironmentConfig } from './manifest.js';
import { formatPath, problem, type Problem } from './problems.js';
import type { YamlSource } from './yaml-source.js';

/** The files an environment's connection names, by their place in appdeploy.yaml. */
export function reachFiles(config: EnvironmentConfig): { key: string[]; path: string }[] {
  const files: { key: string[]; path: string }[] = [];
  const certificate = config.clientCertificate;
  if (certificate !== undefined)
    for (const key of ['pfx', 'cert', 'key'] as const) {
      const path = (certificate as Record<string, unknown>)[key];
      if (typeof path === 'string' && path !== '') files.push({ key: ['clientCertificate', key], path });
    }
  if (typeof config.ca === 'string' && config.ca !== '') files.push({ key: ['ca'], path: config.ca });
  return files;
}

export function checkReachFiles(
  environment: ChosenEnvironment | null,
  source: YamlSource,
  root: string,
): Problem[] {
  if (environment === null) return [];
  return reachFiles(environment.config).flatMap(({ key, path }) => {
    let isFile: boolean | undefined;
    try {
      isFile = statSync(resolve(root, path)).isFile();
    } catch {
      isFile = undefined;
    }
    if (isFile === true) return [];
    const at = ['environments', environment.name, ...key];
    return [
      problem(
        'FILE.NOT_FOUND',
        `${formatPath(at)}: file "${path}" ${isFile === false ? 'is not a file' : 'does not exist'}`,
        source.locate(at),
        { hint: 'Check the path; it is relative to appdeploy.yaml.', path: at },
      ),
    ];
  });
}
