/**
 * The TLS alerts the service sent on its connections, by the connection's local address. A
 * service that requires a client certificate refuses a connection without one with an alert
 * (TLS 1.3: "certificate required", after the client has finished its side of the handshake and
 * sent its request); undici reports that request's failure as "other side closed", the alert
 * lost. Watching each connection undici makes (its `undici:client:connected` channel) keeps the
 * alert, and the transport finds it again by the failed socket's address (connection-failure.ts).
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

const alerts = new Map<string, string>();
/** Alerts kept at most: each is read once; a bound keeps a long run from holding them all. */
const MAX_KEPT = 256;
let watching = false;

function keyOf(address: string | undefined, port: number | undefined): string {
  return `${address ?? ''}:${port ?? ''}`;
}

/** Starts recording alerts (once per process; called by clients of an https:// service). */
export function watchTlsAlerts(): void {
  if (watching) return;
  watching = true;
  subscribe('undici:client:connected', (message) => {
    const { socket } = message as { socket: Socket };
    const key = keyOf(socket.localAddress, socket.localPort);
    socket.prependListener('error', (error: Error & { code?: string }) => {
      if (!error.code?.startsWith('ERR_SSL_')) return;
      if (alerts.size >= MAX_KEPT) alerts.delete(alerts.keys().next().value!);
      alerts.set(key, error.code);
    });
  });
}

/** The alert recorded for the connection undici's SocketError describes, taken out. */
export function takeTlsAlert(socketInfo: unknown): string | undefined {
  if (typeof socketInfo !== 'object' || socketInfo === null) return undefined;
  const { localAddress, localPort } = socketInfo as { localAddress?: string; localPort?: number };
  const key = keyOf(localAddress, localPort);
  const code = alerts.get(key);
  alerts.delete(key);
  return code;
}
