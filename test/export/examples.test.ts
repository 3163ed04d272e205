/**
 * Every example: applied to the service, exported into a new project, planned: no changes; a
 * second export gives the same bytes; the exported project validates.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useService } from '../plan/harness.js';
import {
  EXAMPLES,
  appIds,
  applyProject,
  copyExample,
  emptyProject,
  exportInto,
  pendingChanges,
  snapshotFiles,
} from './harness.js';
import { exportExitCode } from '../support/cli-results.js';

describe('export of the examples', () => {
  const service = useService();

  it.each(EXAMPLES)(
    '%s: apply, export into a new project, plan: no changes; twice: same bytes',
    async (name) => {
      const source = await copyExample(name, service.url);
      const target = await emptyProject(service.url);
      try {
        const applied = await applyProject(source, service.client);
        const result = await exportInto(target, service.client, { apps: appIds(applied) }, { files: true });
        const files = await snapshotFiles(target);
        // The icon and the customization files are saved beside the manifest, by path.
        const saved = result.apps.flatMap((a) => a.files);
        for (const file of saved) expect(Object.keys(files)).toContain(file);
        if (name === 'assets')
          expect(saved).toEqual([
            'apps/asset-register/asset-register.png',
            'apps/asset-register/asset-register.js',
            'apps/asset-register/asset-register.css',
            'apps/asset-register/asset-register-mobile.js',
          ]);
        expect(exportExitCode(result.outcome), JSON.stringify(result, null, 1)).toBe(0);
        // The one thing a manifest cannot hold: a plug-in's own settings (assets has a plug-in).
        const notes = result.apps.flatMap((a) => a.notes);
        expect(notes.filter((n) => !n.startsWith("plugins: each plug-in's own settings"))).toEqual([]);
        expect(notes.length).toBe(name === 'assets' ? 1 : 0);
        expect(await pendingChanges(target, service.client)).toEqual([]);
        const again = await exportInto(target, service.client, { apps: appIds(applied) }, { files: true });
        expect(again.apps.map((a) => a.status)).toEqual(again.apps.map(() => 'unchanged'));
        expect(await snapshotFiles(target)).toEqual(files);
      } finally {
        await rm(source, { recursive: true, force: true });
        await rm(target, { recursive: true, force: true });
      }
    },
  );
});
