import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { publicListKeyOf } from '../features/books/public-list-keys.ts';
import { cachedResponse } from './cached-response.ts';
import type { Logger } from './logger.ts';
import type { PublicListCache } from './public-list-cache.ts';

/** The headers a middleware puts on a plain answer to `path`: the security headers every answer carries. */
export async function headersSetBy(middleware: MiddlewareHandler, path: string): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get('*', (c) => c.body(null, 204));
  const res = await probe.request(path);
  return Object.fromEntries(res.headers);
}

const requestIdPattern = /^[\w\-=]{1,255}$/;

/**
 * Serves a public list straight from the cache when the cache can answer without the database, before
 * the request reaches Hono: the same bytes and headers the route would send (Hono's request id, the
 * security headers, the log line), without building a Request, routing and validating. Answers whether
 * it served the request; when not, the app does, which also refreshes the cache.
 */
export function createPublicListFastPath(options: {
  lists: PublicListCache;
  log: Logger;
  /** From `headersSetBy(securityHeaders(env), …)`. */
  securityHeaders: Record<string, string>;
}) {
  const { lists, log, securityHeaders } = options;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
    const key = publicListKeyOf(req.url);
    const answer = key === undefined ? undefined : lists.peek(key);
    if (!answer) return false;
    const started = performance.now();
    const answered = cachedResponse(answer, {
      ifNoneMatch: req.headers['if-none-match'],
      acceptEncoding: req.headers['accept-encoding'],
    });
    const asked = req.headers['x-request-id'];
    const requestId = typeof asked === 'string' && requestIdPattern.test(asked) ? asked : crypto.randomUUID();
    res.writeHead(answered.status, {
      'x-request-id': requestId,
      ...answered.headers,
      ...securityHeaders,
      'content-length': answered.body?.byteLength ?? 0,
    });
    res.end(answered.body);
    log.info('request', {
      requestId,
      method: 'GET',
      path: req.url.split('?')[0],
      status: answered.status,
      ms: Math.round(performance.now() - started),
    });
    return true;
  };
}
