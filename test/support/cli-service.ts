/**
 * A local service run by the built CLI (`appdeploy emulator --port 0`, deploys of 20 ms), as a team
 * runs one to stand for an environment: started before a file's tests, stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { runCli, type CliProcess } from './cli.js';

export function useCliService(flags: readonly string[] = []): () => CliProcess {
  let service: CliProcess | undefined;
  beforeAll(async () => {
    service = await runCli(['emulator', '--port', '0', '--deploy-ms', '20', ...flags]);
  }, 60_000);
  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
  });
  return () => service!;
}

/** appdeploy.yaml with one environment at the service (as admin), `lines` under it, and the apps. */
export function serviceProject(
  environment: string,
  url: string,
  lines: readonly string[],
  apps: readonly string[],
): string {
  return [
    'environments:',
    `  ${environment}:`,
    `    baseUrl: ${url}`,
    '    auth: { login: admin, password: admin }',
    ...lines.map((line) => `    ${line}`),
    'apps:',
    ...apps.map((key) => `  ${key}: { manifest: apps/${key}.yaml }`),
    '',
  ].join('\n');
}
