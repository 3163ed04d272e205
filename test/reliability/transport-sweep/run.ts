/**
 * Plays one draw against the fault server with a client of the draw's options, and holds every
 * call to expect.ts, then checks what no call may break:
 *
 * - a write is never sent again after an attempt whose answer (or lack of one) may have followed
 *   its effect: only a 429 lets it go again;
 * - the service never has more than `concurrency` of the client's requests in flight;
 * - each call settles well within the time its timeouts and backoff allow (nothing hangs), and
 *   once the client is closed, no connection of it stays open and no timer of it stays set;
 * - every error is the documented kind, names the call (method and path) and its cause (the
 *   service's status and code, the connection's code, the timeout), and neither it nor any logged
 *   event holds a credential in any form a server echoes it in (docs/client.md, Errors);
 * - a call that succeeds returns the server's answer to its last attempt.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import {
  ClientError,
  createClient,
  ServiceError,
  TransportNetworkError,
  TransportTimeoutError,
  type Client,
  type ClientEvent,
} from '../../../src/client/index.js';
import { tlsFile } from '../../support/tls.js';
import { describeDraw, safeToRepeat, type CallKind, type Draw } from './draw.js';
import { CALL_PATHS, expectCall, type Expected } from './expect.js';
import { forbiddenForms } from './secrets.js';
import type { FaultServer, SeenRequest } from './server.js';

export interface Outcome {
  draw: Draw;
  findings: string[];
  /** Attempts made, over every call. */
  attempts: number;
}

const RETRY = { initialDelayMs: 20, maxDelayMs: 80 };
/** Far beyond what a call should take past its timeouts and backoff: only a hang reaches it. */
const SLACK_MS = 5_000;
const CA = readFileSync(tlsFile('ca.pem'));

export async function runDraw(
  servers: { plain: FaultServer; tls: FaultServer },
  draw: Draw,
): Promise<Outcome> {
  const server = draw.tls ? servers.tls : servers.plain;
  const findings: string[] = [];
  const events: ClientEvent[] = [];
  const port = draw.closedPort ? await closedPort() : server.port;
  const timersBefore = countTimers();
  /** What the logger also tells the draw's triggers (set once the calls start). */
  const hooks: { onEvent?: (event: ClientEvent) => void } = {};
  const client = createClient({
    baseUrl: `${draw.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    ...draw.credentials,
    ...(draw.basicAuth ? { basicAuth: draw.basicAuth } : {}),
    ...(draw.tls ? { ca: CA } : {}),
    proxy: false,
    timeoutMs: draw.timeoutMs,
    concurrency: draw.concurrency,
    retry: { retries: draw.retries, ...RETRY },
    logger: (event) => {
      events.push(event);
      hooks.onEvent?.(event);
    },
  });

  const scripts = new Map(draw.scripts.map((script, index) => [String(index + 1), script]));
  // The warm-up read (call 100) leaves a connection open for the call's first attempt to reuse.
  if (draw.warmUp) scripts.set('100', []);
  server.play(scripts);
  if (draw.warmUp)
    await client.records.getRecords({ app: 100 }).catch((error: unknown) => {
      findings.push(`the warm-up read failed: ${String(error)}`);
    });

  const controllers = draw.scripts.map(() => new AbortController());
  /** The call's attempts seen when its signal fired, once it has. */
  const abortedAt = new Map<number, number>();
  const fire = (call: number) => {
    if (abortedAt.has(call)) return;
    abortedAt.set(call, attemptsOf(call));
    controllers[call - 1]!.abort();
  };
  const attemptsOf = (call: number) =>
    draw.closedPort
      ? events.filter((e) => e.type === 'request').length
      : server.seen().filter((r) => r.call === String(call)).length;
  const abort = draw.abort;
  if (abort?.stage === 'before') fire(abort.call);
  if (abort?.stage === 'sent')
    server.onRequest((request) => request.call === String(abort.call) && fire(abort.call));
  if (abort?.stage === 'body')
    server.onHeadersSent((call) => call === String(abort.call) && fire(abort.call));
  const settled: ({ value: unknown } | { error: unknown } | undefined)[] = [];
  const durations: number[] = [];
  /** close() called early (draw.closeAt): it must not resolve before every call has settled. */
  let closing: Promise<void> | undefined;
  const closeEarly = () => {
    closing ??= client.close().then(() => {
      const pending = settled.map((s, i) => (s ? undefined : i + 1)).filter(Boolean);
      if (pending.length > 0)
        findings.push(`close() resolved while calls ${pending.join(', ')} were under way`);
    });
  };
  hooks.onEvent = (event) => {
    if (event.type !== 'retry') return;
    if (abort?.stage === 'backoff') fire(abort.call);
    if (draw.closeAt === 'backoff') closeEarly();
  };

  const calls = draw.scripts.map((_, index) => {
    const started = Date.now();
    return send(client, draw.kind, index + 1, controllers[index]!.signal).then(
      (value) => {
        settled[index] = { value };
        durations[index] = Date.now() - started;
      },
      (error: unknown) => {
        settled[index] = { error };
        durations[index] = Date.now() - started;
      },
    );
  });
  if (draw.closeAt === 'start') closeEarly();
  if (abort?.stage === 'queued') {
    // Every call has asked for its slot (an upload after reading its bytes); none has been answered.
    await new Promise((resolve) => setImmediate(resolve));
    fire(abort.call);
  }

  const expectations = draw.scripts.map((_, index) => expectCall(draw, index));
  const bound = Math.max(...expectations.map((e) => boundMs(draw, e))) + SLACK_MS;
  let timer: NodeJS.Timeout | undefined;
  const hung = await Promise.race([
    Promise.all(calls).then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), bound))),
  ]);
  clearTimeout(timer);
  server.onRequest(undefined);
  server.onHeadersSent(undefined);
  if (hung) {
    findings.push(
      `calls ${settled
        .map((s, i) => (s ? undefined : i + 1))
        .filter(Boolean)
        .join(', ')} still pending after ${bound} ms`,
    );
    for (const controller of controllers) controller.abort();
    await Promise.all(calls);
  }
  await closing;
  await client.close();

  const seen = draw.closedPort ? [] : server.seen();
  draw.scripts.forEach((script, index) => {
    const call = index + 1;
    const fired = abortedAt.get(call);
    const expected: Expected =
      fired === undefined
        ? expectations[index]!
        : { attempts: fired, result: { type: 'error', kind: 'aborted' }, waitsMs: 0 };
    const own = seen.filter((r) => r.call === String(call));
    const attempts = draw.closedPort ? events.filter((e) => e.type === 'request').length : own.length;
    const say = (text: string) => findings.push(`call ${call}: ${text}`);
    if (attempts !== expected.attempts)
      say(`${attempts} attempts reached the server, expected ${expected.attempts}`);
    if (!safeToRepeat(draw.kind)) {
      const again = own.findIndex((_, i) => i > 0 && script[i - 1]?.kind !== 'tooMany');
      if (again > 0) say(`a write sent again (attempt ${again + 1}) after ${script[again - 1]!.kind}`);
    }
    for (const request of own.filter((r) => r.method !== '')) {
      const { method, path } = CALL_PATHS[draw.kind];
      if (request.method !== method || request.path !== path)
        say(`sent as ${request.method} ${request.path}, expected ${method} ${path}`);
    }
    if (draw.warmUp && index === 0 && own[0]?.reused === false)
      say('its first attempt did not reuse the warm-up connection (the stale connection was not met)');
    checkResult(say, draw, settled[index], expected, own, port);
    if (durations[index] !== undefined && durations[index] > boundMs(draw, expected) + SLACK_MS)
      say(`took ${durations[index]} ms, past ${boundMs(draw, expected) + SLACK_MS} ms`);
  });

  if (server.maxInFlight() > draw.concurrency)
    findings.push(
      `the server had ${server.maxInFlight()} requests in flight, concurrency ${draw.concurrency}`,
    );
  for (const event of events)
    if (event.type === 'retry' && event.delayMs > RETRY.maxDelayMs)
      findings.push(`a retry waited ${event.delayMs} ms, past maxDelayMs ${RETRY.maxDelayMs}`);
  const secrets = forbiddenForms(draw);
  for (const event of events) {
    const text = JSON.stringify(event);
    const leaked = secrets.find((secret) => text.includes(secret));
    if (leaked !== undefined)
      findings.push(`a ${event.type} event holds the secret ${JSON.stringify(leaked)}`);
  }
  if (!(await eventually(() => server.openConnections() === 0)))
    findings.push(`${server.openConnections()} connections still open after close()`);
  const timersAfter = countTimers();
  if (timersAfter > timersBefore) findings.push(`${timersAfter - timersBefore} timers left after close()`);
  const attempts = draw.closedPort ? events.filter((e) => e.type === 'request').length : seen.length;
  return { draw, findings, attempts };
}

/** The longest the call's attempts may take: its timeouts, and every backoff at its longest. */
function boundMs(draw: Draw, expected: Expected): number {
  return expected.waitsMs + expected.attempts * RETRY.maxDelayMs;
}

function checkResult(
  say: (text: string) => void,
  draw: Draw,
  settled: { value: unknown } | { error: unknown } | undefined,
  expected: Expected,
  own: SeenRequest[],
  port: number,
): void {
  if (settled === undefined) return;
  const { method, path } = CALL_PATHS[draw.kind];
  if ('value' in settled) {
    if (expected.result.type !== 'success') {
      say(`succeeded, expected ${describeResult(expected.result)}`);
      return;
    }
    // The server's real answer: the one to the last attempt, not a stale or made-up one.
    const last = own.at(-1);
    const value = settled.value as { answer?: unknown; fileKey?: unknown };
    if (last === undefined || value.answer !== last.nonce)
      say(`returned ${JSON.stringify(value)}, not the answer to its last attempt (${last?.nonce ?? 'none'})`);
    return;
  }
  const error = settled.error;
  if (!(error instanceof ClientError)) {
    say(`threw ${String(error)}, not a ClientError`);
    return;
  }
  const want = expected.result;
  if (want.type === 'success') {
    say(`failed with ${error.message}, expected success`);
    return;
  }
  if (error.kind !== want.kind) say(`failed as ${error.kind} (${error.message}), expected ${want.kind}`);
  if (want.status !== undefined && (error as { status?: unknown }).status !== want.status)
    say(`status ${String((error as { status?: unknown }).status)}, expected ${want.status}`);
  if (want.code !== undefined && (error as { code?: unknown }).code !== want.code)
    say(`code ${String((error as { code?: unknown }).code)}, expected ${want.code}`);
  if (error.method !== method || error.path !== path)
    say(`names the call ${error.method} ${error.path}, expected ${method} ${path}`);
  if (!error.message.includes(`${method} ${path}`) && !(error instanceof ServiceError))
    say(`message does not name the call: ${error.message}`);
  if (error instanceof ServiceError && !error.message.startsWith(`[${error.status}] [${error.code}]`))
    say(`message does not start with its status and code: ${error.message}`);
  if (error instanceof TransportNetworkError) {
    if (error.code === undefined || !error.message.includes(error.code))
      say(`a network error without its code: ${error.message}`);
    if (draw.closedPort && !error.message.includes(`127.0.0.1:${port}`))
      say(`a refused connection's message does not name the address: ${error.message}`);
  }
  if (error instanceof TransportTimeoutError && !error.message.includes(`${draw.timeoutMs} ms`))
    say(`a timeout's message does not say how long: ${error.message}`);
  const text = everything(error);
  const leaked = forbiddenForms(draw).find((secret) => text.includes(secret));
  if (leaked !== undefined)
    say(`the error holds the secret ${JSON.stringify(leaked)}: ${text.slice(0, 400)}`);
}

function describeResult(result: Expected['result']): string {
  return result.type === 'success' ? 'success' : `${result.kind} ${result.status ?? ''} ${result.code ?? ''}`;
}

/** Every string an error carries: message, stack, fields, and its causes'. */
function everything(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 3) return String(error);
  const fields = JSON.stringify(error, (_key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
  return [error.message, error.stack ?? '', fields, everything(error.cause, depth + 1)].join('\n');
}

function send(client: Client, kind: CallKind, call: number, signal: AbortSignal): Promise<unknown> {
  const options = { signal };
  switch (kind) {
    case 'getRecords':
      return client.records.getRecords({ app: call }, options);
    case 'getViews':
      return client.settings.getViews({ app: call, copy: 'draft' }, options);
    case 'addRecords':
      return client.records.addRecords({ app: call, records: [{ title: { value: 'a' } }] }, options);
    case 'deploy':
      return client.apps.deploy({ apps: [{ app: call, revision: -1 }] }, options);
    case 'upload':
      return client.files.upload(Buffer.from(`file of call ${call}`), {
        name: `call-${call}.txt`,
        ...options,
      });
    case 'updateRecords':
      return client.records.updateRecords(
        { app: call, records: [{ id: 1, revision: 3, record: { title: { value: 'b' } } }] },
        options,
      );
    case 'bulk':
      return client.bulk.send(
        [{ method: 'POST', api: 'records.json', payload: { app: call, records: [{}] } }],
        options,
      );
    case 'updateViews':
      return client.settings.updateViews({ app: call, views: {}, revision: 5 }, options);
  }
}

/** A loopback port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function countTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

async function eventually(condition: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

export function report(outcome: Outcome): string {
  return `${describeDraw(outcome.draw)}\n  ${outcome.findings.join('\n  ')}`;
}
