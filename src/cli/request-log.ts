/**
 * `--verbose`: every call a command makes to its service, one line each on stderr, for the user
 * who cannot tell why a command hangs or fails (a proxy that swallows calls, a retry loop behind
 * a 429). The client's logger events carry neither credentials nor query strings (a record query
 * may hold a person's data), so nothing here can print a secret.
 */
import type { ClientConnection, ClientEvent } from '../client/index.js';
import type { Io } from './io.js';

const PREFIX = 'http:';

/** The first line: where the calls go, and how. */
export function connectionLine(connection: ClientConnection): string {
  const extras = [
    connection.clientCertificate ? 'with a client certificate' : '',
    connection.ca ? 'trusting the ca given' : '',
  ].filter((text) => text !== '');
  return `${PREFIX} ${connection.baseUrl} ${connection.route}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}\n`;
}

export function requestLine(event: ClientEvent): string {
  const call = `${event.method} ${event.path}${'app' in event && event.app !== undefined ? ` (app ${event.app})` : ''}`;
  switch (event.type) {
    case 'request':
      return `${PREFIX} -> ${call}${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}\n`;
    case 'response':
      return `${PREFIX} <- ${event.status} ${call} in ${event.durationMs} ms\n`;
    case 'retry':
      return `${PREFIX} ${call}: attempt ${event.attempt} failed (${oneLine(event.reason)}); trying again in ${seconds(event.delayMs)}\n`;
    case 'cleanup-failed':
      return `${PREFIX} ${call}: the call cleaning up after a failed one failed (${oneLine(event.reason)})\n`;
  }
}

/** A logger writing requestLine to stderr, clearing a live progress line first so neither garbles the other. */
export function requestLogger(io: Io): (event: ClientEvent) => void {
  const clear = io.liveProgress === true ? '\r\u001b[K' : '';
  return (event) => io.err(`${clear}${requestLine(event)}`);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
