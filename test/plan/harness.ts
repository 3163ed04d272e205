/**
 * Deployer tests: a real local service on port 0, projects written to temp folders whose
 * `test` environment points at it, and a client to look at what the service holds.
 */
import { afterEach } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { copyExample as copyExampleTo, removeProject } from '../support/projects.js';
import { useLocalService } from '../support/service.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';

export { ADMIN } from '../support/users.js';
export { loadValid, projectFile, removeProject, writeProject } from '../support/projects.js';

export interface ServiceHandle {
  url: string;
  client: Client;
  control(path: string, body?: unknown): Promise<unknown>;
}

/** One local service per test file, reset before each test; `locale` is its default language (`--locale`). */
export function useService(options: { locale?: 'en' | 'ja' } = {}): ServiceHandle {
  const service = useLocalService({
    emulator: { deployMs: 10, ...EXAMPLE_DIRECTORY, ...options },
    client: { retry: { retries: 0 } },
  });
  return {
    get url() {
      return service.url;
    },
    get client() {
      return service.client;
    },
    control: (path, body) => service.control('POST', `/_emulator/${path}`, body ?? {}),
  };
}

/** An example of examples/ copied to a temp folder, with a `test` environment at the service as its default. */
export const copyExample = (service: Pick<ServiceHandle, 'url'>, name: string): Promise<string> =>
  copyExampleTo(name, service.url);

/** Copies examples for the tests of a file, each copy removed after the test that made it. */
export function exampleCopies(service: Pick<ServiceHandle, 'url'>): (name: string) => Promise<string> {
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await removeProject(root);
  });
  return async (name) => {
    const root = await copyExample(service, name);
    roots.push(root);
    return root;
  };
}
