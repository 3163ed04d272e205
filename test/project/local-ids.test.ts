import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppdeployError } from '../../src/errors.js';
import { localIdsPath, readLocalIds, writeLocalId } from '../../src/project/local-ids.js';
import { runMain } from '../support/main-in-process.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function root(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-local-ids-'));
  dirs.push(dir);
  return dir;
}

describe('.appdeploy/local/ids.json', () => {
  it('is empty before the first app, and keeps each environment apart', async () => {
    const dir = await root();
    expect(readLocalIds(dir)).toEqual({});
    writeLocalId(dir, 'local', 'orders', '3');
    writeLocalId(dir, 'local', 'stock', '4');
    writeLocalId(dir, 'offline', 'orders', '5');
    expect(readLocalIds(dir)).toEqual({ local: { orders: '3', stock: '4' }, offline: { orders: '5' } });
  });

  it.each([['not json'], ['[]'], ['{"local": {"orders": 3}}'], ['{"local": 1}']])(
    'refuses a file that is not a map of ids: %s',
    async (text) => {
      const dir = await root();
      await mkdir(join(dir, '.appdeploy', 'local'), { recursive: true });
      await writeFile(localIdsPath(dir), text);
      let thrown: unknown;
      try {
        readLocalIds(dir);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppdeployError);
      expect(thrown).toMatchObject({
        code: 'LOCAL.IDS',
        message: '.appdeploy/local/ids.json is not a map of environments to app ids',
        hint: 'Write .appdeploy/local/ids.json (in the project\'s folder, beside appdeploy.yaml) again as a map of environments to app keys to ids, as {"local": {"tasks": "1"}}; from that folder, `npx appdeploy emulator -C .` serves the local apps, and its GET /k/v1/apps.json lists their ids and names. Or delete .appdeploy/ to start over without the local apps and their records (deleting .appdeploy/local/ids.json alone leaves those apps behind, and apply creates each one again, empty).',
      });
    },
  );

  // Found by test/reliability/project-states.test.ts: a file named .appdeploy (or
  // .appdeploy/local) made every command say ids.json "cannot be read (ENOTDIR)" and advise
  // deleting ids.json, which does not exist.
  it.each([['.appdeploy'], ['.appdeploy/local']])(
    'names %s when it is a file, not a folder',
    async (file) => {
      const dir = await root();
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), 'notes\n');
      expect(() => readLocalIds(dir)).toThrow(
        expect.objectContaining({
          code: 'LOCAL.IDS',
          message: `${file} is a file, where appdeploy keeps the local service's data in a folder`,
          hint: `Move ${file} out of the way (appdeploy makes the folder), or delete it if it is not yours to keep.`,
        }),
      );
    },
  );
});

/**
 * Found by test/reliability/user-mistakes.test.ts: a folder in the file's place was a bug (EISDIR,
 * exit 70), and an id that is not an app id reached the service, which refused it (CB_VA01)
 * without a word of the file. Each is LOCAL.IDS naming the file (and the entry) and the way out.
 */
describe('.appdeploy/local/ids.json that cannot be used', () => {
  const hint =
    'Write .appdeploy/local/ids.json (in the project\'s folder, beside appdeploy.yaml) again as a map of environments to app keys to ids, as {"local": {"tasks": "1"}}; from that folder, `npx appdeploy emulator -C .` serves the local apps, and its GET /k/v1/apps.json lists their ids and names. Or delete .appdeploy/ to start over without the local apps and their records (deleting .appdeploy/local/ids.json alone leaves those apps behind, and apply creates each one again, empty).';
  it.each([
    ['{"local": {"orders": ""}}', '.appdeploy/local/ids.json: local.orders is "", not an app id'],
    ['{"local": {"orders": "true"}}', '.appdeploy/local/ids.json: local.orders is "true", not an app id'],
    ['{"local": {"orders": "-1"}}', '.appdeploy/local/ids.json: local.orders is "-1", not an app id'],
    ['{"local": {"orders": "0"}}', '.appdeploy/local/ids.json: local.orders is "0", not an app id'],
    [
      '{"local": {"orders": "3\uFFFD"}}',
      '.appdeploy/local/ids.json: local.orders is "3\uFFFD", not an app id',
    ],
    ['{"local": {"orders": "1e3"}}', '.appdeploy/local/ids.json: local.orders is "1e3", not an app id'],
  ])('refuses an id that is not one: %s', async (text, message) => {
    const dir = await root();
    await mkdir(join(dir, '.appdeploy', 'local'), { recursive: true });
    await writeFile(localIdsPath(dir), text);
    expect(() => readLocalIds(dir)).toThrow(expect.objectContaining({ code: 'LOCAL.IDS', message, hint }));
  });

  it('refuses a folder in the file’s place', async () => {
    const dir = await root();
    await mkdir(localIdsPath(dir), { recursive: true });
    expect(() => readLocalIds(dir)).toThrow(
      expect.objectContaining({
        code: 'LOCAL.IDS',
        message: '.appdeploy/local/ids.json is a folder, not a file',
        hint,
      }),
    );
  });

  it('through the CLI: an error with its next step, exit 1, no bug', async () => {
    const dir = await root();
    await writeFile(join(dir, 'appdeploy.yaml'), 'environments:\n  local: {}\napps: {}\n');
    await mkdir(localIdsPath(dir), { recursive: true });
    const run = await runMain(['validate', '-C', dir]);
    expect(run).toEqual({
      code: 1,
      out: '',
      err: `Error: .appdeploy/local/ids.json is a folder, not a file\n  ${hint}\n`,
    });
  });
});
