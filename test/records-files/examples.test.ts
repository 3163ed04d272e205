/**
 * The examples with record files (issue 37: "an example with records"), as a user runs them
 * through the built CLI against a local service on port 0: each copied into a folder of its own
 * with an environment at the service, validate is clean, apply converges (apply writes no
 * record), seed writes every record of the files, and a second seed has no changes.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appdeploy, ROOT } from '../support/cli.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { EXAMPLE_NAMES } from '../support/examples.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';

// The groups and organizations the examples name, as a hosted target would have them.
const service = useLocalService({ client: {}, emulator: EXAMPLE_DIRECTORY, resetEachTest: false });

interface RecordsEntry {
  file: string;
  key: string;
}

/** The examples whose appdeploy.yaml names a record file, with those entries by app. */
const SEEDED = await Promise.all(
  EXAMPLE_NAMES.map(async (name) => {
    const config = parse(await readFile(join(ROOT, 'examples', name, 'appdeploy.yaml'), 'utf8')) as {
      apps: Record<string, { records?: RecordsEntry }>;
    };
    const entries = Object.entries(config.apps).flatMap(([app, { records }]) =>
      records ? [{ app, ...records }] : [],
    );
    return { name, entries };
  }),
).then((all) => all.filter((example) => example.entries.length > 0));

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

describe('the examples with record files', () => {
  it('include the helpdesk, the README tour seeds', () => {
    expect(SEEDED.map((e) => e.name)).toContain('helpdesk');
  });

  it('validate, apply, seed every record, then seed to no changes', { timeout: 180_000 }, async () => {
    const said: string[] = [];
    for (const { name, entries } of SEEDED) {
      const root = await tempProject(`appdeploy-records-example-${name}-`, {});
      roots.push(root);
      await cp(join(ROOT, 'examples', name), root, {
        recursive: true,
        filter: (source) => !source.includes('.appdeploy'),
      });
      const config = join(root, 'appdeploy.yaml');
      await writeFile(
        config,
        (await readFile(config, 'utf8')).replace(
          /^environments:\n/m,
          `environments:\n  test: { baseUrl: '${service.url}', auth: { login: admin, password: admin } }\n`,
        ),
      );
      const run = (...args: string[]) => appdeploy([...args, '--env', 'test'], root);
      const validated = await run('validate');
      expect(validated, name).toMatchObject({ code: 0, stderr: '' });
      expect((await run('apply', '--yes')).code, name).toBe(0);
      expect((await run('plan', '--detailed-exitcode')).code, name).toBe(0);
      const seeded = await run('seed', '--yes');
      expect(seeded.stderr, name).toBe('');
      said.push(`## ${name}: exit ${seeded.code}\n${seeded.stdout}`);
      expect(await run('seed', '--yes'), name).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });

      // Every record of each file is in its app, once, with the file's values.
      const ids = parse(await readFile(config, 'utf8')) as {
        apps: Record<string, { ids: Record<string, string> }>;
      };
      for (const { app, file, key } of entries) {
        const plain = parse(await readFile(join(root, file), 'utf8')) as Record<string, unknown>[];
        const { records } = await service.client.records.getRecords({ app: ids.apps[app]!.ids.test! });
        const keys = records.map((r) => r[key]!.value as string).sort();
        expect(keys, `${name} ${app}`).toEqual(plain.map((r) => String(r[key])).sort());
      }
    }
    expect(said.join('\n')).toMatchInlineSnapshot(`
      "## helpdesk: exit 0
      tickets (records/tickets.yaml, by ticket_ref): 5 to add, 0 to change, 0 to delete, 0 unchanged
        + HD-1001
        + HD-1002
        + HD-1003
        + HD-1004
        + HD-1005
      Seeded tickets: 5 added, 0 changed, 0 deleted.
      "
    `);
  });

  it('the helpdesk: values and the attachment as the file writes them', async () => {
    const helpdesk = roots.find((r) => r.includes('-helpdesk-'));
    expect(helpdesk).toBeDefined();
    const ids = parse(await readFile(join(helpdesk!, 'appdeploy.yaml'), 'utf8')) as {
      apps: { tickets: { ids: { test: string } } };
    };
    const { records } = await service.client.records.getRecords({
      app: ids.apps.tickets.ids.test,
      query: 'ticket_ref = "HD-1003"',
    });
    const [ticket] = records;
    expect(ticket!.priority!.value).toBe('Urgent');
    expect(ticket!.tags!.value).toEqual(['Bug']);
    expect(ticket!.minutes_spent!.value).toBe('45');
    expect(ticket!.reported_at!.value).toBe('2026-02-03T07:45:00Z');
    expect(ticket!.attachments!.value).toMatchObject([{ name: 'console.txt' }]);
    // Fields the file leaves out take the app's defaults, as a record added in a form would.
    expect(ticket!.callback_time!.value).toBe('10:00');
  });
});
