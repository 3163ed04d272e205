/**
 * Issue 33 item 6: export of an app that exists only as a draft (status: "not deployed"). The app
 * list and app.json do not show such an app (live reads answer 404 GAIA_AP01 until its first
 * deploy; platform-facts.md, "Apps and deploy"), but it is on the service: export of its live copy
 * says EXPORT.NOT_DEPLOYED and how to export its draft, and `--draft` exports it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';
import { useLocalService } from '../support/service.js';

const service = useLocalService({ resetEachTest: false });
const dir = useTempDir('export-draft');
let draftId = '';

/** A project whose one environment is the service this file runs; no apps yet. */
async function project(name: string): Promise<string> {
  const root = join(dir(), name);
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, 'appdeploy.yaml'),
    `environments:\n  dev:\n    baseUrl: ${service.url}\n    auth: { login: admin, password: admin }\n`,
  );
  return root;
}

describe('export of an app that was never deployed', () => {
  beforeAll(async () => {
    // Created as the platform creates apps, as a draft; a field added to it; never deployed.
    const created = (await service.control('POST', '/k/v1/preview/app.json', { name: 'Drafty' })) as {
      app: string;
    };
    draftId = created.app;
    await service.control('POST', '/k/v1/preview/app/form/fields.json', {
      app: draftId,
      properties: { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' } },
    });
  });

  it('without --draft: EXPORT.NOT_DEPLOYED, saying how to export its draft; nothing written', async () => {
    const root = await project('live');
    const run = await appdeploy(['export', '--app', draftId, '--format', 'json'], root);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        code: 'EXPORT.NOT_DEPLOYED',
        message: `app ${draftId} has never been deployed: it has no live settings`,
        hint: `Export its draft: \`npx appdeploy export --app ${draftId} --draft\`.`,
        exitCode: 1,
      },
    });
    expect(run.stderr).not.toContain('on the service');
    expect(existsSync(join(root, 'apps'))).toBe(false);
  }, 60_000);

  it('with --draft (the hint, run as printed): exported, and status calls the app not deployed', async () => {
    const root = await project('draft');
    const run = await appdeploy(['export', '--app', draftId, '--draft'], root);
    expect(run.stderr).not.toContain('Error');
    expect(run.code).toBe(0);
    const config = await readFile(join(root, 'appdeploy.yaml'), 'utf8');
    expect(config).toMatch(new RegExp(`ids: \\{ dev: ${draftId} \\}`));
    const manifest = await readFile(join(root, 'apps', 'drafty.yaml'), 'utf8');
    expect(manifest).toMatch(/^name: Drafty$/m);
    expect(manifest).toMatch(/^ {2}title: .*SINGLE_LINE_TEXT/m);
    const status = await appdeploy(['status'], root);
    expect(status.stdout).toContain('not deployed');
  }, 60_000);

  it('an id the service has in no copy still says there is no such app', async () => {
    const root = await project('none');
    const run = await appdeploy(['export', '--app', '999'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: no app 999 on the service\n');
  }, 60_000);
});
