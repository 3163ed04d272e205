import { Problems } from '../errors.js';
import { closedKeys } from '../validate/request.js';
import { findUser } from '../directory/users.js';
import {
  BUILT_IN_GROUPS,
  definedUnits,
  replaceUnits,
  type UnitDoc,
  type UnitKind,
} from '../directory/units.js';
import type { ApiRequest, EmulatorContext, Route } from '../context.js';

const LISTS: readonly { param: 'groups' | 'organizations'; kind: UnitKind }[] = [
  { param: 'groups', kind: 'GROUP' },
  { param: 'organizations', kind: 'ORGANIZATION' },
];

/** One list of the body, checked: codes present and unique, not a built-in group, members known users. */
function checkedUnits(
  ctx: EmulatorContext,
  raw: unknown,
  param: string,
  kind: UnitKind,
  problems: Problems,
): UnitDoc[] {
  if (!Array.isArray(raw)) {
    problems.add(param, 'Enter an array of {code, name?, users: [login, ...]}.');
    return [];
  }
  const seen = new Set<string>();
  return raw.flatMap((item: unknown, i): UnitDoc[] => {
    const path = `${param}[${i}]`;
    const { code, name, users = [] } = (item ?? {}) as { code?: unknown; name?: unknown; users?: unknown };
    if (typeof code !== 'string' || code === '') {
      problems.add(`${path}.code`, 'Required: the code records and ACLs name it by.');
      return [];
    }
    if (seen.has(code))
      problems.add(`${path}.code`, `"${code}" is defined twice; give each a code of its own.`);
    if (kind === 'GROUP' && BUILT_IN_GROUPS.includes(code))
      problems.add(
        `${path}.code`,
        `"${code}" is a built-in group and cannot be redefined; use another code.`,
      );
    seen.add(code);
    if (name !== undefined && typeof name !== 'string') problems.add(`${path}.name`, 'Enter a string.');
    if (!Array.isArray(users) || users.some((u) => typeof u !== 'string')) {
      problems.add(`${path}.users`, 'Enter an array of login names.');
      return [];
    }
    const logins = [...new Set(users as string[])];
    logins.forEach((login, j) => {
      if (!findUser(ctx, login))
        problems.add(
          `${path}.users[${j}]`,
          `No user has the login name "${login}"; add it with --user first.`,
        );
    });
    return [{ kind, code, name: typeof name === 'string' && name !== '' ? name : code, users: logins }];
  });
}

/**
 * `PUT /_emulator/directory {groups?, organizations?}`: replaces the defined groups and/or
 * organizations (a list left out is kept). Each is `{code, name?, users: [login]}`.
 */
function putDirectory(req: ApiRequest): unknown {
  closedKeys(
    req.params,
    LISTS.map((l) => l.param),
  );
  const problems = new Problems();
  const given = LISTS.filter(({ param }) => req.params.has(param)).map(({ param, kind }) => ({
    kind,
    units: checkedUnits(req.ctx, req.params.raw[param], param, kind, problems),
  }));
  problems.throwIfAny();
  req.ctx.store.transaction(() => given.forEach(({ kind, units }) => replaceUnits(req.ctx, kind, units)));
  return {};
}

/**
 * Defines the groups and organizations the service was started with (`--group`,
 * `--organization`): at start and after a reset. Throws the problems as a 400 would name them.
 */
export function seedDirectory(ctx: EmulatorContext): void {
  const problems = new Problems();
  const given = LISTS.flatMap(({ param, kind }) => {
    const raw = ctx.settings[param];
    return raw.length === 0 ? [] : [{ kind, units: checkedUnits(ctx, raw, param, kind, problems) }];
  });
  problems.throwIfAny();
  ctx.store.transaction(() => given.forEach(({ kind, units }) => replaceUnits(ctx, kind, units)));
}

/** `GET /_emulator/directory`: the defined groups and organizations (built-in groups left out). */
function getDirectory(req: ApiRequest): unknown {
  const view = (kind: UnitKind) =>
    definedUnits(req.ctx, kind).map(({ code, name, users }) => ({ code, name, users }));
  return { groups: view('GROUP'), organizations: view('ORGANIZATION') };
}

export const directoryRoutes: Route[] = [
  { method: 'PUT', path: '/_emulator/directory', auth: 'admin', handler: putDirectory },
  { method: 'GET', path: '/_emulator/directory', auth: 'admin', handler: getDirectory },
];
