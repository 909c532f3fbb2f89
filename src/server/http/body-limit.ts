import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

/**
 * Hono's body limit, with the common case answered from the headers alone: a request without a body passes, and one
 * with a Content-Length (and no Transfer-Encoding) is measured by it, which Node's HTTP parser holds the body to.
 * Only a chunked body is counted as it streams, by Hono's own middleware. Hono's reads `c.req.raw.body` first, which
 * turns @hono/node-server's light request into a full Fetch `Request` whose body then streams through web streams:
 * about 6% of the request thread's time in the bookings bench (ADR 037).
 */
export function bodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }) {
  const counted = honoBodyLimit(options);
  const limit: MiddlewareHandler = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return Number(length) > options.maxSize ? options.onError(c) : next();
  };
  return limit;
}
