/**
 * One draw of the transport sweep, chosen from a seed: which kind of call, how many of it at once,
 * what the server does to each attempt of each (server.ts), the client's options (retries,
 * timeout, concurrency, credentials, TLS) and when the caller's signal fires. A draw is data;
 * expect.ts says what docs/client.md promises for it and run.ts plays it.
 */
import type { Random } from '../reach-sweep/draw.js';
import type { Behaviour } from './server.js';

/** The calls swept: reads, writes that must not run twice, and the revision-checked ones. */
export const CALL_KINDS = [
  'getRecords', // GET records.json
  'getViews', // GET preview/app/views.json (a settings read)
  'addRecords', // POST records.json
  'deploy', // POST preview/app/deploy.json
  'upload', // POST file.json, multipart
  'updateRecords', // PUT records.json with revisions
  'bulk', // POST bulkRequest.json
  'updateViews', // PUT preview/app/views.json with a revision
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Whether docs/client.md's Retries lets the call be repeated after a 5xx, timeout or lost connection. */
export function safeToRepeat(kind: CallKind): boolean {
  // "5xx, timeouts ... and connection failures only for calls safe to repeat: GETs ... Never app
  // creation, record writes, bulk, upload, comments, deploy or settings writes."
  return kind === 'getRecords' || kind === 'getViews';
}

export type Credentials =
  { auth: { login: string; password: string } } | { auth: { apiToken: string | string[] } };

export type AbortStage =
  /** The signal is aborted before the call starts. */
  | 'before'
  /** While the call waits for a slot behind the client's other calls. */
  | 'queued'
  /** Once the server has read the call's request. */
  | 'sent'
  /** Once the server has sent the headers of an answer whose body stalls. */
  | 'body'
  /** When the client reports a retry of the call (during the wait before it). */
  | 'backoff';

export interface Draw {
  kind: CallKind;
  /** How many calls of that kind start at once (ids 1..parallel, each its own `app`). */
  parallel: number;
  /** What the server does to each attempt of each call, by call id; past its end, it answers. */
  scripts: Behaviour[][];
  /** A port nothing listens on, instead of the server (every attempt refused). */
  closedPort: boolean;
  /** A GET answered first on the same connection, so that the call's first attempt reuses it. */
  warmUp: boolean;
  tls: boolean;
  retries: number;
  timeoutMs: number;
  concurrency: number;
  credentials: Credentials;
  basicAuth: { login: string; password: string } | undefined;
  /** The call whose signal fires (1-based), and when. */
  abort: { call: number; stage: AbortStage } | undefined;
  /**
   * When `client.close()` is called while the calls are under way: as soon as they start (some
   * queued for a slot, some sent), or at the first retry (a call waiting to try again). "close()
   * waits for the client's calls under way to settle, then lets go of its connections."
   */
  closeAt: 'start' | 'backoff' | undefined;
}

/** Passwords and tokens a careless echo must not reveal, in every character class that encodes differently. */
const PASSWORDS = ['pa:ss wörd/"q"\\%+&=', 'Secret-Pass-42', '日本語のパスワード', 'p@ss#?&+%2F', 'x'];
const TOKENS = ['TokenAAAA1111bbbbCCCC2222dddd', 'tok/with+slash=', 'Zz9Yy8Xx7Ww6Vv5'];

/** Faults of one attempt that need no connection of its own (any draw may have them). */
function requestFault(random: Random, waits: boolean): Behaviour {
  const kind = random.int(12);
  // A call queued behind others spends its timeout there too (docs/client.md, Transport): where
  // calls queue, nothing stalls, so that each attempt's timeout is its own.
  if (!waits && (kind === 4 || kind === 5)) return { kind: 'ok' };
  switch (kind) {
    case 0:
      return { kind: 'dropAfterRead', how: random.pick(['reset', 'close'] as const) };
    case 1:
      return { kind: 'partialHeaders' };
    case 2:
      return { kind: 'truncatedBody', how: random.pick(['reset', 'close'] as const) };
    case 3:
      return { kind: 'notJson', status: random.pick([200, 502, 503] as const) };
    case 4:
      return { kind: 'silent' };
    case 5:
      return { kind: 'stalledBody' };
    case 6:
    case 7:
      return { kind: 'tooMany', retryAfter: random.pick([undefined, '0', '0.05', '1', 'soon'] as const) };
    case 8:
    case 9:
      return {
        kind: 'serverError',
        status: random.pick([500, 502, 503, 504] as const),
        json: random.chance(0.6),
      };
    case 10:
      return { kind: 'refused', status: random.pick([401, 403, 520] as const) };
    default:
      return { kind: 'http10' };
  }
}

export function nextDraw(random: Random): Draw {
  const kind = random.pick(CALL_KINDS);
  const concurrency = 1 + random.int(4);
  const shape = random.int(10);
  // 0: refused port; 1: reset at accept; 2: stale keep-alive; else: request-level faults, maybe many calls.
  const closedPort = shape === 0;
  const warmUp = shape === 2;
  const parallel = shape >= 6 ? concurrency + random.int(3) : 1;
  const scripts = Array.from({ length: parallel }, (_, index) => {
    const length = random.int(4);
    const script = Array.from({ length }, () => requestFault(random, parallel <= concurrency));
    if (index === 0 && shape === 1) script.unshift({ kind: 'resetOnAccept' });
    if (index === 0 && shape === 2) script.unshift({ kind: 'staleKeepAlive' });
    return script;
  });
  const credentials: Credentials = random.chance(0.5)
    ? { auth: { login: random.pick(['admin', 'user@example.com']), password: random.pick(PASSWORDS) } }
    : { auth: { apiToken: random.chance(0.5) ? random.pick(TOKENS) : [...TOKENS].slice(random.int(2)) } };
  const basicAuth = random.chance(0.3) ? { login: 'gate', password: random.pick(PASSWORDS) } : undefined;
  return {
    kind,
    parallel,
    scripts: closedPort ? [[]] : scripts,
    closedPort,
    warmUp,
    tls: random.chance(0.25),
    retries: random.int(4),
    // Short only where an attempt waits for it; elsewhere long enough that a loaded machine's slow
    // TLS handshake or a wait for a slot never times out an attempt the script answers.
    timeoutMs: scripts.some((script) => script.some((b) => b.kind === 'silent' || b.kind === 'stalledBody'))
      ? random.pick([500, 800])
      : 10_000,
    concurrency,
    credentials,
    basicAuth,
    abort: drawAbort(random, parallel, concurrency, closedPort ? [[]] : scripts),
    closeAt: random.chance(0.25) ? random.pick(['start', 'backoff'] as const) : undefined,
  };
}

function drawAbort(
  random: Random,
  parallel: number,
  concurrency: number,
  scripts: Behaviour[][],
): Draw['abort'] {
  if (!random.chance(0.3)) return undefined;
  const stages: AbortStage[] = ['before', 'sent'];
  if (parallel > concurrency) stages.push('queued');
  if (scripts.some((script) => script.some((b) => b.kind === 'stalledBody'))) stages.push('body');
  if (parallel === 1) stages.push('backoff');
  const stage = random.pick(stages);
  if (stage === 'queued') return { call: parallel, stage };
  if (stage === 'body') {
    const call = scripts.findIndex((script) => script.some((b) => b.kind === 'stalledBody'));
    return { call: call + 1, stage };
  }
  return { call: 1 + random.int(parallel), stage };
}

/** One line that names the draw, for a finding. */
export function describeDraw(draw: Draw): string {
  const scripts = draw.scripts
    .map((script, i) => `#${i + 1}[${script.map(describeBehaviour).join(',')}]`)
    .join(' ');
  const auth = 'password' in draw.credentials.auth ? 'password' : 'token';
  return (
    `${draw.kind} x${draw.parallel} ${draw.closedPort ? 'closed-port ' : ''}${draw.warmUp ? 'warm ' : ''}${scripts} ` +
    `retries=${draw.retries} timeout=${draw.timeoutMs} concurrency=${draw.concurrency} ${draw.tls ? 'tls ' : ''}` +
    `${auth}${draw.basicAuth ? '+basic' : ''}${draw.abort ? ` abort#${draw.abort.call}@${draw.abort.stage}` : ''}` +
    `${draw.closeAt ? ` close@${draw.closeAt}` : ''}`
  );
}

function describeBehaviour(b: Behaviour): string {
  switch (b.kind) {
    case 'dropAfterRead':
    case 'truncatedBody':
      return `${b.kind}:${b.how}`;
    case 'notJson':
    case 'refused':
      return `${b.kind}:${b.status}`;
    case 'serverError':
      return `${b.status}${b.json ? '+json' : ''}`;
    case 'tooMany':
      return `429:${b.retryAfter ?? '-'}`;
    case 'ok':
    case 'http10':
    case 'partialHeaders':
    case 'resetOnAccept':
    case 'silent':
    case 'staleKeepAlive':
    case 'stalledBody':
      return b.kind;
  }
}
