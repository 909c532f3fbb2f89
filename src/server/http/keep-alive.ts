import type { Server } from 'node:http';

/**
 * A proxy in front keeps an idle connection up to 60 s and may send a request on it meanwhile: a server closing it
 * after Node's 5 s races that request (a reset, a 502). The server keeps idle connections 65 s.
 */
export function keepConnectionsForProxies(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/**
 * Stops `server` taking connections; resolves once every answer in flight is sent. node:http ends the idle
 * connections at once, but one answering a request as the server stops would then stay open, kept alive, 65 s:
 * each is ended as soon as it is idle.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}
