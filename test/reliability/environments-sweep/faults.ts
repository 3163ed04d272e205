/**
 * The mistakes of the environments sweep: maps and files naming people an environment does not
 * have, or two people one code. Each is made in the project's files, checked against what the
 * docs promise (an error at the file:line:col that names the code, never a Bug, nothing written),
 * and undone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { CODES, pick, type Environment, type Random } from './world.js';

export const FAULTS = [
  'many-to-one',
  'implicit-many-to-one',
  'implicit-many-to-one-in-records',
  'unknown-target',
  'unknown-in-manifest',
  'unknown-in-records',
] as const;
export type Fault = (typeof FAULTS)[number];

/** A change of one of the project's files, and how to put it back. */
export interface Made {
  file: string;
  text: string;
  /** The code the error must name, and what its located line must hold. */
  names: string;
  at: string;
  /** The env the mistake is in. */
  env: string;
  /** What the docs say refuses it: validate, plan or seed. */
  refusedBy: 'validate' | 'plan' | 'seed';
}

async function edit(root: string, file: string, change: (doc: ReturnType<typeof parseDocument>) => void) {
  const text = await readFile(join(root, file), 'utf8');
  const doc = parseDocument(text);
  change(doc);
  await writeFile(join(root, file), doc.toString());
  return text;
}

const ownerDefault = (codes: string[]) => codes.map((code) => ({ type: 'USER', code }));

/** Makes `fault` in environment `env`'s part of the project; returns what to expect and undo. */
export async function makeFault(
  random: Random,
  root: string,
  fault: Fault,
  env: Environment,
): Promise<Made[]> {
  const [a, b] = [pick(random, CODES.users.slice(0, 2)), pick(random, CODES.users.slice(2))];
  switch (fault) {
    case 'many-to-one': {
      // README: validate refuses two codes mapped to the same code in one environment.
      const text = await edit(root, 'appdeploy.yaml', (doc) => {
        doc.setIn(
          ['environments', env.name, 'groups'],
          doc.createNode({ sales: 'one-team', ops: 'one-team' }),
        );
      });
      return [
        { file: 'appdeploy.yaml', text, names: 'one-team', at: 'ops', env: env.name, refusedBy: 'validate' },
      ];
    }
    case 'implicit-many-to-one': {
      // a is called b there, and b (no entry) keeps its code: two codes of the manifest, one there.
      const users: Record<string, string | null> = { ...env.maps.users, [a]: b };
      delete users[b];
      const config = await edit(root, 'appdeploy.yaml', (doc) => {
        doc.setIn(['environments', env.name, 'users'], doc.createNode(users));
      });
      const manifest = await edit(root, 'apps/things.yaml', (doc) => {
        doc.setIn(['fields', 'owner', 'defaultValue'], doc.createNode(ownerDefault([a, b])));
      });
      return [
        { file: 'appdeploy.yaml', text: config, names: b, at: a, env: env.name, refusedBy: 'validate' },
        { file: 'apps/things.yaml', text: manifest, names: b, at: '', env: env.name, refusedBy: 'validate' },
      ];
    }
    case 'implicit-many-to-one-in-records': {
      // The same, b named by a record file's values alone (seed maps them, export --records maps back).
      const users: Record<string, string | null> = { ...env.maps.users, [a]: b };
      delete users[b];
      const config = await edit(root, 'appdeploy.yaml', (doc) => {
        doc.setIn(['environments', env.name, 'users'], doc.createNode(users));
      });
      const text = await readFile(join(root, 'records/things.yaml'), 'utf8');
      await writeFile(
        join(root, 'records/things.yaml'),
        text +
          stringify([
            { key: 'KA', owner: [a] },
            { key: 'KB', owner: [b] },
          ]),
      );
      return [
        { file: 'appdeploy.yaml', text: config, names: b, at: a, env: env.name, refusedBy: 'validate' },
        { file: 'records/things.yaml', text, names: b, at: '', env: env.name, refusedBy: 'validate' },
      ];
    }
    case 'unknown-target': {
      const config = await edit(root, 'appdeploy.yaml', (doc) => {
        doc.setIn(['environments', env.name, 'users', a], 'ghost.person');
      });
      const manifest = await edit(root, 'apps/things.yaml', (doc) => {
        doc.setIn(['fields', 'owner', 'defaultValue'], doc.createNode(ownerDefault([a])));
      });
      return [
        {
          file: 'apps/things.yaml',
          text: manifest,
          names: 'ghost.person',
          at: a,
          env: env.name,
          refusedBy: 'plan',
        },
        { file: 'appdeploy.yaml', text: config, names: '', at: '', env: env.name, refusedBy: 'plan' },
      ];
    }
    case 'unknown-in-manifest': {
      const manifest = await edit(root, 'apps/things.yaml', (doc) => {
        doc.setIn(['fields', 'owner', 'defaultValue'], doc.createNode(ownerDefault(['zed'])));
      });
      return [
        {
          file: 'apps/things.yaml',
          text: manifest,
          names: 'zed',
          at: 'zed',
          env: env.name,
          refusedBy: 'plan',
        },
      ];
    }
    case 'unknown-in-records': {
      const text = await readFile(join(root, 'records/things.yaml'), 'utf8');
      await writeFile(join(root, 'records/things.yaml'), text + stringify([{ key: 'KZ', owner: ['zed'] }]));
      return [
        { file: 'records/things.yaml', text, names: 'zed', at: 'zed', env: env.name, refusedBy: 'seed' },
      ];
    }
  }
}

export async function undo(root: string, made: readonly Made[]) {
  for (const m of [...made].reverse()) await writeFile(join(root, m.file), m.text);
}
