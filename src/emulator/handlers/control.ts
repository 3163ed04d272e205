import { randomBytes } from 'node:crypto';
import { invalid } from '../errors.js';
import { findApp } from '../access.js';
import { TOKENS_TABLE, type TokenDoc, type TokenPermissions } from '../auth.js';
import { OUTCOMES_TABLE, type ForcedOutcome } from '../model/deploy-state.js';
import { closedKeys } from '../validate/request.js';
import { quotaView } from '../quota.js';
import { setAppCode } from './app-code.js';
import { directoryRoutes, seedDirectory } from './control-directory.js';
import { langRoutes } from './control-lang.js';
import type { ApiRequest, Route } from '../context.js';
import type { Store } from '../store/store.js';

const CLOCK_TABLE = 'clock';

/**
 * Empties the store (users come from the options and stay), the clock offset, the stats and the
 * faults. A deploy in flight (one forced STUCK included) goes with the app it belonged to.
 */
function reset(req: ApiRequest): unknown {
  closedKeys(req.params, []);
  req.ctx.store.clear();
  // The groups and organizations of the command line stay, as its users do.
  seedDirectory(req.ctx);
  req.ctx.clock.reset();
  req.ctx.runtime.stats.clear();
  req.ctx.runtime.faults = [];
  req.ctx.runtime.quota.counts.clear();
  req.ctx.runtime.quota.day = null;
  req.ctx.runtime.quota.limit = req.ctx.settings.dailyRequestLimit;
  return {};
}

function createToken(req: ApiRequest): unknown {
  closedKeys(req.params, ['app', 'permissions']);
  const appId = findApp(req, req.params.id('app'), 'draft').id;
  const given = req.params.has('permissions') ? req.params.object('permissions') : {};
  const flag = (name: keyof TokenPermissions, fallback: boolean): boolean => {
    const v = given[name];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') throw invalid({ [`permissions.${name}`]: 'Enter true or false.' });
    return v;
  };
  const unknown = Object.keys(given).filter((k) => !['view', 'add', 'edit', 'delete', 'manage'].includes(k));
  if (unknown.length > 0)
    throw invalid(Object.fromEntries(unknown.map((k) => [`permissions.${k}`, 'Unknown permission.'])));
  const permissions: TokenPermissions = {
    view: flag('view', true),
    add: flag('add', false),
    edit: flag('edit', false),
    delete: flag('delete', false),
    manage: flag('manage', false),
  };
  const token = randomBytes(30).toString('base64url');
  req.ctx.store.transaction(() =>
    req.ctx.store.table<TokenDoc>(TOKENS_TABLE).put(token, { token, app: appId, permissions }),
  );
  return { token };
}

/**
 * The last instant the service clock may reach: every time it writes is ISO 8601 with a four-digit
 * year (a move past JavaScript's last date, 275760, failed with a 500). The platform's own limit is
 * not documented; the year 9999 is where its four-digit dates end.
 */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function moveClock(req: ApiRequest): unknown {
  closedKeys(req.params, ['advanceMs']);
  const advanceMs = req.params.int('advanceMs', { min: 0 });
  const room = LAST_INSTANT - req.ctx.clock.now();
  if (advanceMs > room)
    throw invalid({
      advanceMs: `That moves the service clock past 9999-12-31T23:59:59Z, the last time it can write; enter ${Math.max(0, room)} or less.`,
    });
  const now = req.ctx.clock.advance(advanceMs);
  // Journaled, so expiries computed from the moved clock survive a restart.
  req.ctx.store.transaction(() =>
    req.ctx.store.table<number>(CLOCK_TABLE).put('offset', req.ctx.clock.offset),
  );
  return { now: new Date(now).toISOString() };
}

/** The clock offset a restarted service resumes with. */
export function storedClockOffset(store: Store): number {
  return store.table<number>(CLOCK_TABLE).get('offset') ?? 0;
}

function addFault(req: ApiRequest): unknown {
  closedKeys(req.params, [
    'method',
    'path',
    'status',
    'body',
    'delayMs',
    'answerDelayMs',
    'drop',
    'times',
    'skip',
  ]);
  const source = req.params.str('path');
  let path: RegExp;
  try {
    path = new RegExp(source);
  } catch (error) {
    throw invalid({ path: `Not a regular expression: ${(error as Error).message}` });
  }
  const status = faultStatus(req);
  const delayMs = req.params.has('delayMs') ? req.params.int('delayMs', TIMER_RANGE) : undefined;
  // The call is carried out at once and only its answer held: a caller gone meanwhile (killed)
  // leaves it done, as a call that reached the platform is.
  const answerDelayMs = req.params.has('answerDelayMs')
    ? req.params.int('answerDelayMs', TIMER_RANGE)
    : undefined;
  const times = req.params.has('times') ? req.params.int('times', { min: 1 }) : undefined;
  // The first `skip` matching calls go through untouched: a fault at the Nth write of a run.
  const skip = req.params.int('skip', { default: 0, min: 0 });
  const method = faultMethod(req);
  const drop = req.params.bool('drop', false);
  if (status === undefined && delayMs === undefined && answerDelayMs === undefined && !drop)
    throw invalid({ status: 'Give status, delayMs, answerDelayMs or drop.' });
  const id = randomBytes(6).toString('hex');
  req.ctx.runtime.faults.push({
    id,
    path,
    drop,
    ...(method ? { method } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(req.params.has('body') ? { body: req.params.raw.body } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(answerDelayMs !== undefined ? { answerDelayMs } : {}),
    ...(times !== undefined ? { remaining: times } : {}),
    ...(skip > 0 ? { skip } : {}),
  });
  return { id };
}

/** A delay node's timers hold: a longer one fires at once (with a TimeoutOverflowWarning). */
const TIMER_RANGE = { min: 0, max: 2 ** 31 - 1 };

/** A final answer's status: a 1xx is none (the client waits on for the answer that never comes). */
function faultStatus(req: ApiRequest): number | undefined {
  if (!req.params.has('status')) return undefined;
  const status = req.params.int('status');
  if (status < 200 || status > 599) throw invalid({ status: 'Enter a final status, from 200 to 599.' });
  return status;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** The methods a fault matches (`GET|POST`), upper case; one no call has would match nothing. */
function faultMethod(req: ApiRequest): string | undefined {
  const given = req.params.raw.method;
  if (given === undefined || given === null) return undefined;
  const method = typeof given === 'string' ? given.toUpperCase() : '';
  if (!method.split('|').every((m) => METHODS.includes(m)))
    throw invalid({
      method: `Enter HTTP methods (${METHODS.join(', ')}), several joined by |, or leave method out for every method.`,
    });
  return method;
}

function clearFaults(req: ApiRequest): unknown {
  closedKeys(req.params, []);
  req.ctx.runtime.faults = [];
  return {};
}

function deployOutcome(req: ApiRequest): unknown {
  closedKeys(req.params, ['app', 'outcome']);
  const app = findApp(req, req.params.id('app'), 'draft').id;
  const outcome = req.params.str('outcome');
  if (outcome !== 'FAIL' && outcome !== 'STUCK') throw invalid({ outcome: 'Enter FAIL or STUCK.' });
  req.ctx.store.transaction(() => req.ctx.store.table<ForcedOutcome>(OUTCOMES_TABLE).put(app, outcome));
  return {};
}

/** Today's request counts by app and the daily limit in force (quota.ts). */
function readQuota(req: ApiRequest): unknown {
  closedKeys(req.params, []);
  return quotaView(req.ctx);
}

/** Sets the daily limit per app (`null`: count without refusing, as the platform does). */
function setQuota(req: ApiRequest): unknown {
  closedKeys(req.params, ['limit']);
  const given = req.params.raw.limit;
  if (given !== null && !req.params.has('limit')) throw invalid({ limit: 'Required: a number, or null.' });
  req.ctx.runtime.quota.limit = given === null ? null : req.params.int('limit', { min: 0 });
  return quotaView(req.ctx);
}

function stats(req: ApiRequest): unknown {
  closedKeys(req.params, []);
  return { requests: Object.fromEntries(req.ctx.runtime.stats) };
}

export const controlRoutes: Route[] = [
  ...directoryRoutes,
  ...langRoutes,
  { method: 'POST', path: '/_emulator/reset', auth: 'admin', handler: reset },
  { method: 'POST', path: '/_emulator/tokens', auth: 'admin', handler: createToken },
  { method: 'POST', path: '/_emulator/clock', auth: 'admin', handler: moveClock },
  { method: 'POST', path: '/_emulator/faults', auth: 'admin', handler: addFault },
  { method: 'DELETE', path: '/_emulator/faults', auth: 'admin', handler: clearFaults },
  { method: 'POST', path: '/_emulator/deploy-outcome', auth: 'admin', handler: deployOutcome },
  { method: 'GET', path: '/_emulator/stats', auth: 'admin', handler: stats },
  { method: 'GET', path: '/_emulator/quota', auth: 'admin', handler: readQuota },
  { method: 'PUT', path: '/_emulator/quota', auth: 'admin', handler: setQuota },
  { method: 'POST', path: '/_emulator/app-code', auth: 'admin', handler: setAppCode },
];
