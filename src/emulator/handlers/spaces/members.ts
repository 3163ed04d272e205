import { Problems } from '../../errors.js';
import { principalEntity } from '../../auth.js';
import { administeredSpace, readableSpace, spaces, type SpaceMember } from './model.js';
import type { ApiRequest } from '../../context.js';

const ENTITY_TYPES = new Set(['USER', 'GROUP', 'ORGANIZATION']);

/**
 * Reads a member list (`members`, required): each item `{entity: {type, code}, isAdmin?,
 * includeSubs?}`. USER codes must be users of the service (guests join through guests.json);
 * an entity may appear once; at least one user must be a space administrator.
 */
export function parseMembers(req: ApiRequest): SpaceMember[] {
  const items = req.params.array('members', { required: true });
  const problems = new Problems();
  const seen = new Set<string>();
  const members: SpaceMember[] = [];
  items.forEach((item, i) => {
    const at = `members[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.add(at, 'Enter an object {entity: {type, code}, isAdmin, includeSubs}.');
      return;
    }
    const { entity, isAdmin = false, includeSubs = false } = item as Record<string, unknown>;
    const { type, code } = (typeof entity === 'object' && entity !== null ? entity : {}) as Record<
      string,
      unknown
    >;
    if (typeof type !== 'string' || !ENTITY_TYPES.has(type))
      problems.add(`${at}.entity.type`, 'Enter USER, GROUP or ORGANIZATION.');
    if (typeof code !== 'string' || code === '') problems.add(`${at}.entity.code`, 'Required field.');
    else if (type === 'USER' && !req.ctx.settings.users.some((u) => u.login === code))
      problems.add(`${at}.entity.code`, `No user has the login "${code}".`);
    if (typeof isAdmin !== 'boolean') problems.add(`${at}.isAdmin`, 'Enter true or false.');
    if (typeof includeSubs !== 'boolean') problems.add(`${at}.includeSubs`, 'Enter true or false.');
    const key = `${String(type)}:${String(code)}`;
    if (seen.has(key)) problems.add(`${at}.entity`, 'This entity is already in the list.');
    seen.add(key);
    members.push({
      entity: { type: type as SpaceMember['entity']['type'], code: String(code) },
      isAdmin: isAdmin === true,
      includeSubs: includeSubs === true,
    });
  });
  if (problems.empty && !members.some((m) => m.entity.type === 'USER' && m.isAdmin))
    problems.add('members', 'Name at least one user as a space administrator (isAdmin true).');
  problems.throwIfAny();
  return members;
}

export function getMembers(req: ApiRequest): unknown {
  return { members: readableSpace(req, req.params.id('id')).members };
}

export function putMembers(req: ApiRequest): unknown {
  const space = administeredSpace(req, req.params.id('id'));
  const members = parseMembers(req);
  req.ctx.store.transaction(() =>
    spaces(req).put(space.id, { ...space, members, modifier: principalEntity(req.principal) }),
  );
  return {};
}
