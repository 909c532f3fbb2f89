import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '#server/context.ts';
import { rootRedirect } from '#server/i18n/first-visit.ts';
import { type CachedAnswer, type CachedResponse, cachedResponse } from './cached-response.ts';
import { publicListKeyOf, publicListRouteOf, publicQueryKey, searchQueryOf } from './public-list-keys.ts';
import { recordRequest, requestIdHeader, requestIdOf, requestPathOf } from './request-log.ts';
import { securityHeadersFor } from './security-headers.ts';

const maxRememberedUrls = 1024;

/**
 * Finds the page a GET of `pathname` (as routed) with `query` by a client sending `accept` gets, when it is a page
 * load and memory holds the page.
 */
export type PagePeek = (
  pathname: string,
  query: URLSearchParams,
  accept: string | undefined,
) => CachedAnswer | undefined;

/**
 * Where the answer to a GET of one URL is kept: the cache lookup (a page's depends on the client's Accept), the
 * route and path its log line and metrics name, and the security headers of its kind.
 */
interface Served {
  peek: (accept: string | undefined) => CachedAnswer | undefined;
  route: string;
  path: string;
  security: Record<string, string>;
}

/**
 * The request headers the fast path reads, found in `rawHeaders` (a repeated one joined as node:http and
 * fetch join it): about 6% more answers a second under load than reading them from `req.headers`.
 */
function requestHeaders(raw: string[]) {
  const found: Record<
    'ifNoneMatch' | 'acceptEncoding' | 'requestId' | 'accept' | 'cookie' | 'authorization' | 'acceptLanguage',
    string | undefined
  > = {
    ifNoneMatch: undefined,
    acceptEncoding: undefined,
    requestId: undefined,
    accept: undefined,
    cookie: undefined,
    authorization: undefined,
    acceptLanguage: undefined,
  };
  const join = (before: string | undefined, value: string) => (before === undefined ? value : `${before}, ${value}`);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    // Length first: most names are passed over without lower-casing them.
    if (name.length === 15) {
      const lower = name.toLowerCase();
      if (lower === 'accept-encoding') found.acceptEncoding = join(found.acceptEncoding, value);
      else if (lower === 'accept-language') found.acceptLanguage = join(found.acceptLanguage, value);
    } else if (name.length === 13) {
      const lower = name.toLowerCase();
      if (lower === 'if-none-match') found.ifNoneMatch = join(found.ifNoneMatch, value);
      else if (lower === 'authorization') found.authorization = join(found.authorization, value);
    } else if (name.length === 12 && name.toLowerCase() === 'x-request-id') {
      found.requestId = join(found.requestId, value);
    } else if (name.length === 6) {
      const lower = name.toLowerCase();
      if (lower === 'accept') found.accept = join(found.accept, value);
      else if (lower === 'cookie') found.cookie = join(found.cookie, value);
    }
  }
  return found;
}

/** A bounded memo of what each URL asked for lately is (undefined: nothing the fast path serves). */
function urlMemo(find: (url: string) => Served | undefined) {
  const urls = new Map<string, Served | null>();
  return (url: string): Served | undefined => {
    let served = urls.get(url);
    if (served === undefined) {
      served = find(url) ?? null;
      if (urls.size >= maxRememberedUrls) urls.clear();
      urls.set(url, served);
    }
    return served ?? undefined;
  };
}

/**
 * Serves a GET straight from memory when a cache can answer it without the database, before the request
 * reaches Hono: the public lists, searches, page loads by any client taking HTML (Home and the book, category
 * and search pages, whose heads the catalogue makes), and a signed-in caller's reads of their own data that the
 * app has answered them at that URL before (the session and the answer both still valid here). It sends the same bytes and headers the app would (the request id, the security
 * headers, the log line and the metrics, from the modules the app uses for them), without building a Request,
 * routing and validating. Answers whether it served the request; when not, the app does, which also fills the
 * cache.
 */
export function createFastPath(
  deps: Pick<
    AppDeps,
    'env' | 'publicLists' | 'publicQueries' | 'privateAnswers' | 'privateUrls' | 'sessions' | 'log' | 'metrics'
  >,
  pages: PagePeek,
) {
  const { publicLists, publicQueries, privateAnswers, privateUrls, sessions } = deps;
  const security = securityHeadersFor(deps.env);

  const apiAnswer = urlMemo((url): Served | undefined => {
    const path = requestPathOf(url);
    const key = publicListKeyOf(url);
    if (key !== undefined) {
      return { peek: () => publicLists.peek(key), route: publicListRouteOf(key), path, security: security.api };
    }
    const [pathname, query = ''] = url.split('?', 2);
    if (pathname !== '/api/search') return undefined;
    const search = searchQueryOf(query);
    if (!search) return undefined;
    const searchKey = publicQueryKey.search(search);
    return { peek: () => publicQueries.peek(searchKey), route: '/api/search', path, security: security.api };
  });

  const pageLoad = urlMemo((url): Served | undefined => {
    const path = requestPathOf(url);
    const query = new URL(url, 'http://localhost').searchParams;
    return {
      peek: (accept) => pages(path, query, accept),
      route: path === '/' ? '/' : '*',
      path,
      security: security.page,
    };
  });

  /** Each shared response's headers with the security headers, flat as `writeHead` takes them. */
  const headerLists = new WeakMap<CachedResponse, string[]>();
  function headerListOf(answered: CachedResponse, securityHeaders: Record<string, string>): string[] {
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

  /** The caller's own answer at `url`, as the app answered it to them last. */
  function privateAnswer(url: string, cookie: string | undefined, authorization: string | undefined) {
    if (cookie === undefined && authorization === undefined) return undefined;
    const caller = sessions.peek(`${cookie ?? ''}\n${authorization ?? ''}`);
    const found = caller && privateUrls.find(caller.id, url);
    const answer = found && privateAnswers.peek(found.key);
    return answer && { answer, route: found.route, path: requestPathOf(url) };
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (req.method !== 'GET' || !url) return false;
    const started = performance.now();
    const asked = requestHeaders(req.rawHeaders);
    let served: { answer: CachedAnswer; route: string; path: string; security: Record<string, string> } | undefined;
    if (url.startsWith('/api/')) {
      const kept = apiAnswer(url);
      const answer = kept?.peek(asked.accept);
      if (kept && answer) served = { ...kept, answer };
      else {
        const own = privateAnswer(url, asked.cookie, asked.authorization);
        if (own) served = { ...own, security: security.api };
      }
    } else if (!(url === '/' && rootRedirect(asked.cookie, asked.acceptLanguage))) {
      const page = pageLoad(url);
      const answer = page?.peek(asked.accept);
      if (page && answer) served = { ...page, answer };
    }
    if (!served) return false;
    const answer = served.answer;
    const answered = cachedResponse(answer, asked);
    const requestId = requestIdOf(asked.requestId);
    res.writeHead(answered.status, [requestIdHeader, requestId, ...headerListOf(answered, served.security)]);
    res.end(answered.body);
    recordRequest(deps, {
      requestId,
      method: 'GET',
      path: served.path,
      route: served.route,
      status: answered.status,
      started,
    });
    return true;
  };
}
