import type { Duplex } from 'node:stream';

/** How long a refused connection may take to read its answer before it is cut. */
const LINGER_MS = 5000;

/**
 * Answers a raw connection (the server's `upgrade` or `connection` listeners, before any HTTP
 * parsing or routing) with a bodiless status and closes it (issue 36 #1). Never throws.
 */
export function refuseSocket(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  try {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  } catch {
    socket.destroy();
  }
}
