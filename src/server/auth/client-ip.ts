import type { Context } from 'hono';
import { socketAddress } from '#server/http/loopback.ts';

/** Better Auth reads the caller's address (for rate limits) from this header, which only the server sets. */
export const clientIpHeader = 'x-bookshelf-client-ip';

/**
 * The request for Better Auth, carrying the caller's address; a value the client sent is dropped. With
 * `trustedProxies` (TRUST_PROXY) proxies in front, each appending the address it saw to X-Forwarded-For, the
 * caller is the entry that many places from the end; entries further left are the client's own word.
 */
export function withClientIp(c: Context, trustedProxies: number): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(clientIpHeader);
  const address = trustedProxies > 0 ? forwardedFor(c, trustedProxies) : socketAddress(c);
  if (address) headers.set(clientIpHeader, address);
  return new Request(c.req.raw, { headers });
}

function forwardedFor(c: Context, trustedProxies: number): string | undefined {
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops.length > 0 ? hops[Math.max(0, hops.length - trustedProxies)] : socketAddress(c);
}
