import { RECORDS_PER_READ } from '../../../platform/index.js';
import { createHash, randomUUID } from 'node:crypto';
import { ApiError } from '../../errors.js';
import { recordView } from '../../records/output.js';
import { selectRecords } from '../../records/query.js';
import { idOf } from '../../records/model.js';
import { withInitialStatus } from '../../records/process.js';
import { openScope, requireRight } from './scope.js';
import { spendRequest } from '../../quota.js';
import { onlyViewable, viewableSource, wantedFields } from './read.js';
import type { ApiRequest, EmulatorContext } from '../../context.js';
import type { Principal } from '../../auth.js';

/**
 * An open cursor (table `cursors`): the matching ids are fixed when it is made (table
 * `cursorIds`, written once, so a page read journals only this small doc), values read per page.
 */
interface CursorDoc {
  readonly id: string;
  readonly app: string;
  /** Who made it; nobody else can read it. */
  readonly owner: string;
  readonly total: number;
  readonly position: number;
  readonly size: number;
  readonly fields: readonly string[] | null;
  /** Service-clock milliseconds; each page read moves it on. */
  readonly expiresAt: number;
}

const CURSORS_TABLE = 'cursors';
const CURSOR_IDS_TABLE = 'cursorIds';
export const CURSOR_IDLE_MS = 10 * 60 * 1000;
export const MAX_OPEN_CURSORS = 10;

function ownerOf(principal: Principal): string {
  if (principal.kind === 'user') return `user:${principal.login}`;
  const tokens = principal.tokens.map((t) => t.token).join(',');
  return `token:${createHash('sha256').update(tokens).digest('hex')}`;
}

function cursorNotFound(id: string): ApiError {
  return new ApiError(
    404,
    'GAIA_CU01',
    `The cursor "${id}" does not exist: it was deleted, read to its last page, or expired after 10 minutes without a read. Create a new one.`,
  );
}

/** Removes expired cursors (done on every cursor call: the service clock decides). */
function openCursors(ctx: EmulatorContext): CursorDoc[] {
  const table = ctx.store.table<CursorDoc>(CURSORS_TABLE);
  const now = ctx.clock.now();
  const expired = [...table.values()].filter((c) => c.expiresAt <= now);
  if (expired.length > 0) ctx.store.transaction(() => expired.forEach((c) => dropCursor(ctx, c.id)));
  return [...table.values()];
}

function dropCursor(ctx: EmulatorContext, id: string): void {
  ctx.store.table<CursorDoc>(CURSORS_TABLE).delete(id);
  ctx.store.table<readonly string[]>(CURSOR_IDS_TABLE).delete(id);
}

function findCursor(req: ApiRequest): CursorDoc {
  const id = req.params.str('id');
  const cursor = openCursors(req.ctx).find((c) => c.id === id);
  if (!cursor || cursor.owner !== ownerOf(req.principal)) throw cursorNotFound(id);
  // A read or delete names only the cursor: it counts against the cursor's app (quota.ts).
  spendRequest(req.ctx, cursor.app);
  return cursor;
}

function createCursor(req: ApiRequest): unknown {
  const scope = openScope(req);
  requireRight(scope, 'view');
  const size = req.params.int('size', { default: 100, min: 1, max: RECORDS_PER_READ });
  const wanted = wantedFields(req);
  const query = req.params.optStr('query') ?? '';
  if (openCursors(req.ctx).length >= MAX_OPEN_CURSORS)
    throw new ApiError(
      400,
      'GAIA_CU02',
      `At most ${MAX_OPEN_CURSORS} cursors can be open; read the others to their end or delete them first.`,
    );
  const selection = selectRecords(req, scope.live, viewableSource(scope), query, 'cursor');
  const ids = selection.records.map((r) => idOf(r));
  const cursor: CursorDoc = {
    id: randomUUID(),
    app: scope.appId,
    owner: ownerOf(req.principal),
    total: ids.length,
    position: 0,
    size,
    fields: wanted ? [...wanted] : null,
    expiresAt: req.ctx.clock.now() + CURSOR_IDLE_MS,
  };
  req.ctx.store.transaction(() => {
    req.ctx.store.table<CursorDoc>(CURSORS_TABLE).put(cursor.id, cursor);
    req.ctx.store.table<readonly string[]>(CURSOR_IDS_TABLE).put(cursor.id, ids);
  });
  return { id: cursor.id, totalCount: String(cursor.total) };
}

/**
 * One page. Values and rights are read now, not when the cursor was made: a record deleted since
 * is skipped, and so is one the caller may no longer view (an app or record ACL changed, or the
 * record changed so that another record rule applies); fields are trimmed by today's field rules.
 */
function readCursor(req: ApiRequest): unknown {
  const cursor = findCursor(req);
  const scope = openScope(req, cursor.app);
  requireRight(scope, 'view');
  const ids = req.ctx.store.table<readonly string[]>(CURSOR_IDS_TABLE).get(cursor.id) ?? [];
  const pageIds = ids.slice(cursor.position, cursor.position + cursor.size);
  const wanted = cursor.fields ? new Set(cursor.fields) : null;
  const current = pageIds.flatMap((id) => {
    const stored = scope.table.get(id);
    return stored ? [withInitialStatus(scope.live, stored)] : [];
  });
  const records = onlyViewable(scope, current).map((record) =>
    recordView(record, wanted, scope.access.hiddenFields(record), scope.app.code),
  );
  const position = cursor.position + pageIds.length;
  const next = position < cursor.total;
  const table = req.ctx.store.table<CursorDoc>(CURSORS_TABLE);
  req.ctx.store.transaction(() => {
    if (next) table.put(cursor.id, { ...cursor, position, expiresAt: req.ctx.clock.now() + CURSOR_IDLE_MS });
    else dropCursor(req.ctx, cursor.id);
  });
  return { records, next };
}

function deleteCursor(req: ApiRequest): unknown {
  const cursor = findCursor(req);
  req.ctx.store.transaction(() => dropCursor(req.ctx, cursor.id));
  return {};
}

export const cursorHandlers = { createCursor, readCursor, deleteCursor };
