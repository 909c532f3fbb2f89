import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Metrics } from '../metrics/metrics.ts';
import { type CachedResponse, cachedResponse } from './cached-response.ts';
import type { Logger } from './logger.ts';
import type { PublicListCache } from './public-list-cache.ts';
import { publicListKeyOf, publicListRouteOf } from './public-list-keys.ts';

/** The headers a middleware puts on a plain answer to `path`: the security headers every answer carries. */
export async function headersSetBy(middleware: MiddlewareHandler, path: string): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get('*', (c) => c.body(null, 204));
  const res = await probe.request(path);
  return Object.fromEntries(res.headers);
}

const maxRememberedUrls = 1024;
const requestIdPattern = /^[\w\-=]{1,255}$/;

/**
 * The request headers the fast path reads, found in `rawHeaders` (a repeated one joined as node:http and
 * fetch join it): about 6% more answers a second under load than reading them from `req.headers`.
 */
function requestHeaders(raw: string[]) {
  const found: Record<'ifNoneMatch' | 'acceptEncoding' | 'requestId', string | undefined> = {
    ifNoneMatch: undefined,
    acceptEncoding: undefined,
    requestId: undefined,
  };
  const join = (before: string | undefined, value: string) => (before === undefined ? value : `${before}, ${value}`);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    // Length first: most names are passed over without lower-casing them.
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding') {
      found.acceptEncoding = join(found.acceptEncoding, value);
    } else if (name.length === 13 && name.toLowerCase() === 'if-none-match') {
      found.ifNoneMatch = join(found.ifNoneMatch, value);
    } else if (name.length === 12 && name.toLowerCase() === 'x-request-id') {
      found.requestId = join(found.requestId, value);
    }
  }
  return found;
}

/**
 * Serves a public list straight from the cache when the cache can answer without the database, before
 * the request reaches Hono: the same bytes and headers the route would send (Hono's request id, the
 * security headers, the log line), without building a Request, routing and validating. Answers whether
 * it served the request; when not, the app does, which also refreshes the cache.
 */
export function createPublicListFastPath(options: {
  lists: PublicListCache;
  log: Logger;
  metrics: Metrics;
  /** From `headersSetBy(securityHeaders(env), …)`. */
  securityHeaders: Record<string, string>;
}) {
  const { lists, log, metrics, securityHeaders } = options;
  /** Each shared response's headers with the security headers, flat as `writeHead` takes them. */
  const headerLists = new WeakMap<CachedResponse, string[]>();
  function headerListOf(answered: CachedResponse): string[] {
    let list = headerLists.get(answered);
    if (!list) {
      const headers = {
        ...answered.headers,
        ...securityHeaders,
        'content-length': String(answered.body?.byteLength ?? 0),
      };
      list = Object.entries(headers).flat();
      headerLists.set(answered, list);
    }
    return list;
  }

  /** Cache keys of the URLs asked for lately (null: not a list): a few URLs take most reads. */
  const keys = new Map<string, string | null>();
  function keyOf(url: string): string | undefined {
    let key = keys.get(url);
    if (key === undefined) {
      key = publicListKeyOf(url) ?? null;
      if (keys.size >= maxRememberedUrls) keys.clear();
      keys.set(url, key);
    }
    return key ?? undefined;
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
    const key = keyOf(req.url);
    if (key === undefined) return false;
    const answer = lists.peek(key);
    if (!answer) return false;
    const started = performance.now();
    const asked = requestHeaders(req.rawHeaders);
    const answered = cachedResponse(answer, asked);
    const requestId =
      asked.requestId !== undefined && requestIdPattern.test(asked.requestId) ? asked.requestId : crypto.randomUUID();
    res.writeHead(answered.status, ['x-request-id', requestId, ...headerListOf(answered)]);
    res.end(answered.body);
    const ms = performance.now() - started;
    metrics.observeRequest('GET', publicListRouteOf(key), answered.status, ms / 1000);
    log.info('request', {
      requestId,
      method: 'GET',
      path: req.url.split('?')[0],
      status: answered.status,
      ms: Math.round(ms),
    });
    return true;
  };
}
