import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '#server/app-error.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether `address` (an IP address, IPv4-mapped ones included, or `localhost`) is this machine's loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === 'localhost') return true;
  if (address && isIPv4(address)) return loopback.check(address, 'ipv4');
  if (address && isIPv6(address)) return loopback.check(address, 'ipv6');
  return false;
}

/** The address of the socket a request came on; undefined without one (app.request() in tests). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * For what only the person at this machine may see: a caller whose socket is not a loopback one gets the 404 of a
 * page that does not exist. The socket, not a header: X-Forwarded-For and Host are the caller's own word.
 */
export const loopbackCallersOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackAddress(socketAddress(c))) throw new AppError('NOT_FOUND', 'Not found');
  await next();
};
