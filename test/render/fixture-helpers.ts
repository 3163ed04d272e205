/**
 * Builders for hand-written plans: a changed item is written as its unchanged attributes plus the
 * attribute changes, and its `before` and `after` are derived from them, so the fixture cannot
 * contradict itself.
 */
import type {
  AreaKey,
  AreaPlan,
  AttributeChange,
  Change,
  ChangePath,
  Json,
  Plan,
} from '../../src/plan/types.js';

type JsonObject = { [key: string]: Json };

function setIn(value: Json, path: ChangePath, leaf: Json | undefined): Json {
  const [head, ...rest] = path;
  if (head === undefined) return leaf ?? null;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    // A hole would not survive JSON: the base must hold the items before the one changed.
    if (head > list.length)
      throw new Error(`fixture: index ${head} past the end of a list of ${list.length}`);
    if (leaf === undefined && rest.length === 0) list.splice(head, 1);
    else list[head] = setIn(list[head] ?? {}, rest, leaf);
    return list;
  }
  const object: JsonObject =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  if (leaf === undefined && rest.length === 0) delete object[head];
  else object[head] = setIn(object[head] ?? {}, rest, leaf);
  return object;
}

function side(base: Json, details: AttributeChange[], which: 'before' | 'after'): Json {
  return details.reduce<Json>((value, detail) => setIn(value, detail.path, detail[which]), base);
}

export const add = (path: ChangePath, after: Json): Change => ({ action: 'add', path, after });

export const remove = (path: ChangePath, before: Json): Change => ({ action: 'remove', path, before });

export const change = (path: ChangePath, base: Json, details: AttributeChange[]): Change => ({
  action: 'change',
  path,
  before: side(base, details, 'before'),
  after: side(base, details, 'after'),
  details,
});

export const rename = (path: ChangePath, from: string, base: Json, details: AttributeChange[]): Change => ({
  action: 'rename',
  path,
  from,
  before: side(base, details, 'before'),
  after: side(base, details, 'after'),
  details,
});

export const replace = (path: ChangePath, base: Json, details: AttributeChange[]): Change => ({
  action: 'replace',
  path,
  before: side(base, details, 'before'),
  after: side(base, details, 'after'),
  details,
});

/**
 * An area that changes. Its `before` and `after` are abbreviated to `{}` unless given: renderers
 * read them only for the process diagram.
 */
export function area(
  key: AreaKey,
  itemNoun: string,
  changes: Change[],
  unchanged: number,
  states: { before?: Json | null; after?: Json; action?: AreaPlan['action'] } = {},
): AreaPlan {
  return {
    key,
    action: states.action ?? 'update',
    itemNoun,
    changes,
    unchanged,
    before: states.before === undefined ? {} : states.before,
    after: states.after ?? {},
  };
}

/** An area the manifest manages that does not change. */
export function noOp(key: AreaKey, itemNoun: string, unchanged: number): AreaPlan {
  return { key, action: 'no-op', itemNoun, changes: [], unchanged, before: {}, after: {} };
}

/** The head of a hand-written app plan, on one line: its key, name and id. */
export const appHead = (key: string, name: string, id: string | null) => ({ key, name, id });

/** A plan's head: made at 2026-01-01 for the local service, or for `environment` at `baseUrl`. */
export function planHead(
  environment = 'local',
  baseUrl: string | null = null,
): Pick<Plan, 'formatVersion' | 'environment' | 'service' | 'createdAt'> {
  return {
    formatVersion: 2,
    environment,
    service:
      baseUrl === null ? { baseUrl, dataDir: '/project/.appdeploy/local', apps: [] } : { baseUrl, apps: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}
