import { Problems, invalid } from '../errors.js';
import { GUESTS_TABLE, type GuestDoc } from '../directory/users.js';
import { attachmentView, consumeUploadKey, type AttachmentView } from '../model/files.js';
import { administeredSpace, spaces } from './spaces/model.js';
import type { ApiRequest, Route } from '../context.js';

/** A guest user as stored (table `guests`, keyed by login): what auth.ts needs, plus the profile. */
interface GuestRecord extends GuestDoc {
  readonly timezone: string;
  readonly profile: Readonly<Record<string, string>>;
  readonly image: AttachmentView | null;
}

const REQUIRED = ['name', 'code', 'password', 'timezone'] as const;
const OPTIONAL = [
  'locale',
  'surNameReading',
  'givenNameReading',
  'company',
  'division',
  'phone',
  'callto',
] as const;
const MAX_GUESTS = 100;

function guestsTable(req: ApiRequest) {
  return req.ctx.store.table<GuestRecord>(GUESTS_TABLE);
}

/** POST /k/v1/guests.json (administrator): creates guest users who can then sign in. */
function createGuests(req: ApiRequest): unknown {
  const items = req.params.array('guests', { required: true, max: MAX_GUESTS });
  const problems = new Problems();
  const codes = new Set<string>();
  const guests = items.map((item, i) => {
    const at = `guests[${i}]`;
    const g = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as Record<
      string,
      unknown
    >;
    for (const key of REQUIRED)
      if (typeof g[key] !== 'string' || g[key] === '')
        problems.add(`${at}.${key}`, 'Required field (a string).');
    for (const key of [...OPTIONAL, 'image'])
      if (g[key] !== undefined && typeof g[key] !== 'string') problems.add(`${at}.${key}`, 'Enter a string.');
    const code = typeof g.code === 'string' ? g.code : '';
    if (code !== '' && !/^[^@\s]+@[^@\s]+$/.test(code))
      problems.add(`${at}.code`, 'Enter the login name as an e-mail address.');
    if (codes.has(code)) problems.add(`${at}.code`, `"${code}" is named twice.`);
    else if (guestsTable(req).has(code) || req.ctx.settings.users.some((u) => u.login === code))
      problems.add(`${at}.code`, `A user with the login "${code}" already exists.`);
    codes.add(code);
    return g;
  });
  problems.throwIfAny();
  req.ctx.store.transaction(() => {
    guests.forEach((g, i) => {
      const profile: Record<string, string> = {};
      for (const key of OPTIONAL) if (typeof g[key] === 'string') profile[key] = g[key];
      const image =
        typeof g.image === 'string' && g.image !== ''
          ? attachmentView(
              consumeUploadKey(req.ctx, g.image, `guests[${i}].image`, {
                kind: 'guest-image',
                guest: String(g.code),
              }),
            )
          : null;
      const record: GuestRecord = {
        code: String(g.code),
        password: String(g.password),
        name: String(g.name),
        timezone: String(g.timezone),
        profile,
        image,
      };
      guestsTable(req).put(record.code, record);
    });
  });
  return {};
}

/** The login names in `guests`, each an existing guest user. */
function existingGuestCodes(req: ApiRequest, max: number): string[] {
  const items = req.params.array('guests', { required: true, max });
  const problems = new Problems();
  const codes = items.map((code, i) => {
    if (typeof code !== 'string' || code === '') problems.add(`guests[${i}]`, 'Enter a guest login name.');
    else if (!guestsTable(req).has(code))
      problems.add(`guests[${i}]`, `No guest user has the login "${code}".`);
    return String(code);
  });
  problems.throwIfAny();
  return [...new Set(codes)];
}

/** DELETE /k/v1/guests.json (administrator): deletes guests for good, and their guest-space memberships. */
function deleteGuests(req: ApiRequest): unknown {
  const codes = new Set(existingGuestCodes(req, MAX_GUESTS));
  req.ctx.store.transaction(() => {
    for (const code of codes) guestsTable(req).delete(code);
    for (const space of [...spaces(req).values()]) {
      if (space.guests.some((g) => codes.has(g)))
        spaces(req).put(space.id, { ...space, guests: space.guests.filter((g) => !codes.has(g)) });
    }
  });
  return {};
}

/** PUT /k/guest/{spaceId}/v1/space/guests.json: replaces the guest members of that guest space. */
function replaceSpaceGuests(req: ApiRequest): unknown {
  if (req.guestSpaceId === null)
    throw invalid({
      guests: 'Call this through the guest space path: PUT /k/guest/{spaceId}/v1/space/guests.json.',
    });
  const space = administeredSpace(req, req.guestSpaceId);
  const guests = existingGuestCodes(req, 1000);
  req.ctx.store.transaction(() => spaces(req).put(space.id, { ...space, guests }));
  return {};
}

export const guestRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/guests.json', auth: 'admin', handler: createGuests },
  { method: 'DELETE', path: '/k/v1/guests.json', auth: 'admin', handler: deleteGuests },
  { method: 'PUT', path: '/k/v1/space/guests.json', auth: 'any', handler: replaceSpaceGuests },
];
