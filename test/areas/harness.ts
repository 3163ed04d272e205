import { createHash } from 'node:crypto';
import type { Client } from '../../src/client/index.js';
import type {
  Area,
  ExportContext,
  Json,
  ReadContext,
  ResolveContext,
  WriteContext,
} from '../../src/areas/types.js';
import { useLocalService } from '../support/service.js';

export const sha256 = (content: string | Buffer): string =>
  createHash('sha256').update(content).digest('hex');

/** Local files of a test project: path -> content. */
export type LocalFiles = Record<string, string>;

/** A resolve context over project apps by key and local files by path (no I/O). */
export function resolveContext(apps: Record<string, string> = {}, files: LocalFiles = {}): ResolveContext {
  return {
    appKey: 'subject',
    appId: (key) => apps[key] ?? `{${key}}`,
    fileHash: (path) => {
      const content = files[path];
      if (content === undefined) throw new Error(`no local file ${path}`);
      return sha256(content);
    },
  };
}

/** An export context that knows the same apps, and saved files under `files/<name>`. */
export function exportContext(apps: Record<string, string> = {}): ExportContext {
  return {
    appKey: (id) => Object.entries(apps).find(([, appId]) => appId === id)?.[0] ?? null,
    filePath: (_sha, name) => `files/${name}`,
  };
}

/**
 * One emulator per test file, and what an apply does with one area: write the draft step by
 * step (each with the revision the previous returned), deploy, wait, and read the live copy.
 */
export function useAreaEmulator() {
  const service = useLocalService({ client: {}, resetEachTest: false });
  const client = (): Client => service.client;

  async function deploy(app: string): Promise<void> {
    await client().apps.deploy({ apps: [{ app }] });
    const [status] = await client().apps.waitForDeploy([app], { timeoutMs: 10_000, initialIntervalMs: 20 });
    if (status?.status !== 'SUCCESS') throw new Error(`deploy of app ${app}: ${status?.status}`);
  }

  /** A new, deployed app; `fields` (POST form fields) are added first when given. */
  async function newApp(fields?: Record<string, unknown>): Promise<string> {
    const { app } = await client().apps.addApp({ name: 'Area test' });
    if (fields) await client().form.addFields({ app, properties: fields as never });
    await deploy(app);
    return app;
  }

  function readContext(app: string, copy: 'draft' | 'live'): ReadContext {
    return {
      client: client(),
      app,
      copy,
      downloadHash: async (fileKey) => sha256((await client().files.download({ fileKey })).data),
    };
  }

  function writeContext(app: string, files: LocalFiles): WriteContext {
    const byHash = new Map(
      Object.entries(files).map(([path, content]) => [sha256(content), { path, content }]),
    );
    return {
      client: client(),
      app,
      upload: async (hash) => {
        const file = byHash.get(hash);
        if (!file) throw new Error(`no local file with hash ${hash}`);
        const name = file.path.split('/').pop()!;
        return (await client().files.upload(Buffer.from(file.content), { name })).fileKey;
      },
      resolveApp: (id) => id,
    };
  }

  /** Applies `desired` to the app's draft, deploys, and returns the live copy as read after it. */
  async function apply<C extends Json>(area: Area<C>, app: string, desired: C, files: LocalFiles = {}) {
    const current = await area.read(readContext(app, 'draft'));
    let revision = current.revision;
    for (const step of area.writes(desired, current.value))
      revision = await step.run(writeContext(app, files), revision);
    await deploy(app);
    return (await area.read(readContext(app, 'live'))).value;
  }

  return { client, newApp, deploy, readContext, writeContext, apply };
}
