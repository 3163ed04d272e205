/**
 * The world of the environments sweep (environments-sweep.test.ts), drawn from a seed: two or
 * three environments, each a local service of its own whose directory knows the manifests'
 * people by other codes (or by the same ones), appdeploy.yaml's user, group and organization maps
 * between them (none, complete, partial, leaving some out with `~`, or chained: alice is bob there
 * and bob is carol), and two apps whose manifests name people in every place a manifest can
 * (README, "Promoting a project through environments": app, record and field permissions, the
 * three kinds of notification, process assignees and executors, copy actions, field defaults and
 * choices, and the filters that compare user, group and organization fields) plus a record file
 * naming them in USER_SELECT, GROUP_SELECT and ORGANIZATION_SELECT values, a table's column too.
 */
import { stringify } from 'yaml';

export type Kind = 'users' | 'groups' | 'organizations';
export const KINDS: readonly Kind[] = ['users', 'groups', 'organizations'];
export const TYPE_OF: Record<Kind, 'USER' | 'GROUP' | 'ORGANIZATION'> = {
  users: 'USER',
  groups: 'GROUP',
  organizations: 'ORGANIZATION',
};

/** The codes the manifests and record files use. */
export const CODES: Record<Kind, readonly string[]> = {
  users: ['alice', 'bob', 'carol', 'dave'],
  groups: ['sales', 'ops', 'eng'],
  organizations: ['hq', 'branch', 'lab'],
};

export type MapMode = 'none' | 'complete' | 'partial' | 'leftout' | 'chained';
export const MAP_MODES: readonly MapMode[] = ['none', 'complete', 'partial', 'leftout', 'chained'];

export interface Environment {
  name: string;
  /** The administrator's password there: a secret no other environment's output may show. */
  password: string;
  platform?: 'kintone' | 'service';
  protected: boolean;
  modes: Record<Kind, MapMode>;
  /** appdeploy.yaml's maps (null: left out here). */
  maps: Record<Kind, Record<string, string | null>>;
  /** The codes the environment's service knows, per kind. */
  directory: Record<Kind, string[]>;
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
/** `n` distinct items. */
export const some = <T>(random: Random, items: readonly T[], n: number): T[] =>
  shuffled(random, items).slice(0, Math.min(n, items.length));

/** The code `code` has in environment `env` when its map renames it. */
const renamed = (kind: Kind, code: string, env: string) =>
  kind === 'users' ? `${code}.${env}@corp.example` : `${code}-${env}`;

function mapOf(random: Random, kind: Kind, mode: MapMode, env: string): Record<string, string | null> {
  const codes = CODES[kind];
  switch (mode) {
    case 'none':
      return {};
    case 'complete':
      return Object.fromEntries(codes.map((c) => [c, renamed(kind, c, env)]));
    case 'partial':
      return Object.fromEntries(
        some(random, codes, 1 + Math.floor(random() * (codes.length - 1))).map((c) => [
          c,
          renamed(kind, c, env),
        ]),
      );
    case 'leftout': {
      const [out, ...rest] = shuffled(random, codes);
      const mapped = rest.filter(() => random() < 0.5);
      return { [out!]: null, ...Object.fromEntries(mapped.map((c) => [c, renamed(kind, c, env)])) };
    }
    case 'chained': {
      // alice -> bob -> carol -> ... -> alice: every code is another manifest code there.
      const order = shuffled(random, codes);
      return Object.fromEntries(order.map((c, i) => [c, order[(i + 1) % order.length]!]));
    }
  }
}

/** What the environment calls `code` (its map's entry, else the code), null when left out. */
export function targetIn(env: Environment, kind: Kind, code: string): string | null {
  const map = env.maps[kind];
  return Object.hasOwn(map, code) ? map[code]! : code;
}

export function environment(random: Random, name: string, protectedOne: boolean): Environment {
  const modes = Object.fromEntries(KINDS.map((k) => [k, pick(random, MAP_MODES)])) as Record<Kind, MapMode>;
  const maps = Object.fromEntries(
    KINDS.map((k) => [k, mapOf(random, k, modes[k], name)]),
  ) as Environment['maps'];
  const env: Environment = {
    name,
    password: `pw-${name}-${Math.floor(random() * 1e9).toString(36)}-secret`,
    ...(random() < 0.4 ? { platform: random() < 0.7 ? ('kintone' as const) : ('service' as const) } : {}),
    protected: protectedOne,
    modes,
    maps,
    directory: { users: [], groups: [], organizations: [] },
  };
  for (const kind of KINDS)
    env.directory[kind] = [
      ...new Set(CODES[kind].map((c) => targetIn(env, kind, c)).filter((c) => c !== null)),
    ];
  return env;
}

/** The emulator's starting users, groups and organizations for an environment. */
export function emulatorDirectory(env: Environment) {
  return {
    users: [
      { login: 'admin', password: env.password, admin: true, name: 'Administrator' },
      ...env.directory.users.map((login) => ({ login, password: `${login}-pw`, admin: false, name: login })),
    ],
    groups: env.directory.groups.map((code) => ({ code, name: code, users: [] })),
    organizations: env.directory.organizations.map((code) => ({ code, name: code, users: [] })),
  };
}

const entity = (kind: Kind, code: string) => ({ type: TYPE_OF[kind], code });
const anyKind = (random: Random): Kind => pick(random, KINDS);
/** `n` entities of random kinds, no two alike. */
function entities(random: Random, n: number): { type: string; code: string }[] {
  const seen = new Set<string>();
  const out: { type: string; code: string }[] = [];
  for (let i = 0; i < n * 3 && out.length < n; i++) {
    const kind = anyKind(random);
    const code = pick(random, CODES[kind]);
    if (seen.has(kind + code)) continue;
    seen.add(kind + code);
    out.push(entity(kind, code));
  }
  return out;
}
const EVERYONE = { type: 'GROUP', code: 'everyone' };

/** Places the sweep can name people in (each drawn in or out per round). */
export const PLACES = [
  'fieldDefaults',
  'fieldChoices',
  'tableDefault',
  'viewFilter',
  'appAcl',
  'recordAcl',
  'fieldAcl',
  'notificationsGeneral',
  'notificationsPerRecord',
  'notificationsReminder',
  'processAssignee',
  'processExecutor',
  'copyAction',
] as const;
export type Place = (typeof PLACES)[number];

/** The things app: people in the places `places` names. */
export function thingsManifest(random: Random, places: ReadonlySet<Place>): Record<string, unknown> {
  const user = () => pick(random, CODES.users);
  const fields: Record<string, unknown> = {
    key: { type: 'SINGLE_LINE_TEXT', label: 'Key', unique: true, required: true },
    due: { type: 'DATE', label: 'Due' },
    owner: {
      type: 'USER_SELECT',
      label: 'Owner',
      ...(places.has('fieldDefaults') ? { defaultValue: [entity('users', user())] } : {}),
      ...(places.has('fieldChoices') ? { entities: entities(random, 3) } : {}),
    },
    team: {
      type: 'GROUP_SELECT',
      label: 'Team',
      ...(places.has('fieldDefaults')
        ? { defaultValue: [entity('groups', pick(random, CODES.groups))] }
        : {}),
    },
    dept: {
      type: 'ORGANIZATION_SELECT',
      label: 'Dept',
      ...(places.has('fieldDefaults')
        ? { defaultValue: some(random, CODES.organizations, 2).map((c) => entity('organizations', c)) }
        : {}),
    },
    lines: {
      type: 'SUBTABLE',
      label: 'Lines',
      fields: {
        item: { type: 'SINGLE_LINE_TEXT', label: 'Item' },
        who: {
          type: 'USER_SELECT',
          label: 'Who',
          ...(places.has('tableDefault') ? { defaultValue: [entity('users', user())] } : {}),
        },
      },
    },
  };
  const manifest: Record<string, unknown> = { name: 'Things', fields };
  if (places.has('viewFilter'))
    manifest['views'] = {
      Mine: {
        type: 'LIST',
        fields: ['key', 'owner'],
        filterCond: `owner in ("${user()}") and team in ("${pick(random, CODES.groups)}")`,
      },
    };
  if (places.has('appAcl'))
    manifest['appAcl'] = [
      ...entities(random, 2).map((e, i) => ({
        entity: e,
        ...(i === 0 ? { appEditable: true } : {}),
        recordViewable: true,
        recordAddable: true,
      })),
      { entity: EVERYONE, recordViewable: true },
    ];
  if (places.has('recordAcl'))
    manifest['recordAcl'] = [
      {
        filterCond: `owner in ("${user()}")`,
        entities: [
          ...entities(random, 2).map((e) => ({
            entity: e,
            viewable: true,
            editable: random() < 0.5,
            deletable: false,
          })),
          { entity: EVERYONE, viewable: true, editable: false, deletable: false },
        ],
      },
    ];
  if (places.has('fieldAcl'))
    manifest['fieldAcl'] = [
      {
        field: 'due',
        entities: [
          ...entities(random, 2).map((e) => ({ entity: e, accessibility: pick(random, ['READ', 'WRITE']) })),
          { entity: EVERYONE, accessibility: 'READ' },
        ],
      },
    ];
  const notifications: Record<string, unknown> = {};
  if (places.has('notificationsGeneral'))
    notifications['general'] = {
      notifications: entities(random, 2).map((e) => ({ entity: e, recordAdded: true })),
    };
  if (places.has('notificationsPerRecord'))
    notifications['perRecord'] = {
      notifications: [
        {
          filterCond: `owner in ("${user()}")`,
          title: 'Owned',
          targets: entities(random, 2).map((e) => ({ entity: e })),
        },
      ],
    };
  if (places.has('notificationsReminder'))
    notifications['reminder'] = {
      timezone: 'Europe/Berlin',
      notifications: [
        {
          timing: { code: 'due', daysLater: -1, time: '09:00' },
          title: 'Due tomorrow',
          targets: entities(random, 2).map((e) => ({ entity: e })),
        },
      ],
    };
  if (Object.keys(notifications).length > 0) manifest['notifications'] = notifications;
  if (places.has('processAssignee') || places.has('processExecutor'))
    manifest['process'] = {
      enable: true,
      states: {
        Open: { index: 0 },
        Review: {
          index: 1,
          assignee: places.has('processAssignee')
            ? { type: 'ANY', entities: [...entities(random, 2), EVERYONE].map((e) => ({ entity: e })) }
            : { type: 'ONE' },
        },
        Done: { index: 2 },
      },
      actions: [
        { name: 'Submit', from: 'Open', to: 'Review' },
        places.has('processExecutor')
          ? {
              name: 'Finish',
              from: 'Review',
              to: 'Done',
              type: 'SECONDARY',
              executableUser: { entities: entities(random, 2).map((e) => ({ entity: e })) },
            }
          : { name: 'Finish', from: 'Review', to: 'Done' },
      ],
    };
  if (places.has('copyAction'))
    manifest['actions'] = {
      'Make note': {
        destApp: { app: 'notes' },
        mappings: [{ srcType: 'FIELD', srcField: 'key', destField: 'title' }],
        entities: [...entities(random, 2), EVERYONE],
      },
    };
  return manifest;
}

export const NOTES_MANIFEST = {
  name: 'Notes',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    writer: { type: 'USER_SELECT', label: 'Writer' },
  },
};

/**
 * Records naming people: by codes every environment has (none left out anywhere), or, with
 * `leftOut`, by any code, some of which an environment maps to `~` (seed leaves them out there).
 */
export function records(
  random: Random,
  envs: readonly Environment[],
  n: number,
  leftOut = false,
): Record<string, unknown>[] {
  const everywhere = (kind: Kind) =>
    CODES[kind].filter((c) => leftOut || envs.every((e) => targetIn(e, kind, c) !== null));
  const users = everywhere('users');
  const groups = everywhere('groups');
  const orgs = everywhere('organizations');
  return Array.from({ length: n }, (_, i) => ({
    key: `K${i + 1}`,
    ...(users.length > 0 ? { owner: some(random, users, 1 + Math.floor(random() * 2)) } : {}),
    ...(groups.length > 0 ? { team: pick(random, groups) } : {}),
    ...(orgs.length > 0 ? { dept: some(random, orgs, 1 + Math.floor(random() * 2)) } : {}),
    ...(users.length > 0 && random() < 0.6
      ? { lines: [{ item: `row ${i}`, who: pick(random, users) }] }
      : {}),
  }));
}

/** appdeploy.yaml for the environments at their services' urls. */
export function projectFile(
  envs: readonly Environment[],
  urls: Record<string, string>,
  oneLine = false,
): string {
  const environments = Object.fromEntries(
    envs.map((env) => [
      env.name,
      {
        baseUrl: urls[env.name],
        auth: { login: 'admin', password: env.password },
        ...(env.platform !== undefined ? { platform: env.platform } : {}),
        ...(env.protected ? { protected: true } : {}),
        ...Object.fromEntries(
          KINDS.filter((k) => Object.keys(env.maps[k]).length > 0).map((k) => [k, env.maps[k]]),
        ),
      },
    ]),
  );
  const apps = stringify({
    defaultEnvironment: envs[0]!.name,
    apps: {
      things: { manifest: 'apps/things.yaml', records: { file: 'records/things.yaml', key: 'key' } },
      notes: { manifest: 'apps/notes.yaml' },
    },
  });
  // Each environment on one line (flow, as JSON is), or in blocks: on one line, a problem in its
  // maps is shown under the line that holds its password too.
  const lines = Object.entries(environments).map(([name, env]) => `  ${name}: ${JSON.stringify(env)}`);
  return `${oneLine ? ['environments:', ...lines].join('\n') + '\n' : stringify({ environments })}${apps}`;
}
