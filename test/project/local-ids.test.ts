import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppdeployError } from '../../src/errors.js';
import { localIdsPath, readLocalIds, writeLocalId } from '../../src/project/local-ids.js';

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
        hint: 'Delete .appdeploy/local/ids.json (apply then creates the apps again), or delete .appdeploy/ to start over.',
      });
    },
  );
});
