import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Better Auth reads the caller's address (for rate limits) from this header, which only the server sets. */
export const clientIpHeader = 'x-bookshelf-client-ip';

/** The request for Better Auth, carrying the socket's remote address; a value the client sent is dropped. */
export function withClientIp(c: Context): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(clientIpHeader);
  const address = remoteAddress(c);
  if (address) headers.set(clientIpHeader, address);
  return new Request(c.req.raw, { headers });
}

function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}
