import { z } from '@hono/zod-openapi';
import { getQueryParams } from 'hono/utils/url';
import { type PageQuery, pageQuerySchema } from '#shared/schemas/book.ts';
import { type SearchQuery, searchQuerySchema } from '#shared/schemas/search.ts';

export const categoryNameSchema = z.string().min(1).max(100);

/** Cache keys of the public lists: one per list and page. */
export const publicListKey = {
  categories: () => 'categories',
  advertised: (page: PageQuery) => `advertised ${page.page} ${page.limit}`,
  all: (page: PageQuery) => `all ${page.page} ${page.limit}`,
  category: (name: string, page: PageQuery) => `category ${page.page} ${page.limit} ${name}`,
};

/**
 * The route pattern that answers a list's key, as the router names it (the metrics' `route` label): the fast
 * path serves these lists without the router.
 */
export function publicListRouteOf(key: string): string {
  if (key === 'categories') return '/api/booksCategory';
  if (key.startsWith('advertised ')) return '/api/books/addvertise';
  if (key.startsWith('all ')) return '/api/allbooks';
  return '/api/books/:categoryName';
}

/** `page` and `limit` from a query string holding nothing else, each once, as plain digits. */
function plainPageQuery(query: string): PageQuery | undefined {
  const values: Record<string, string> = {};
  for (const part of query ? query.split('&') : []) {
    const [name, value, extra] = part.split('=');
    if ((name !== 'page' && name !== 'limit') || name in values || extra !== undefined) return undefined;
    if (!value || !/^[1-9][0-9]{0,6}$/.test(value)) return undefined;
    values[name] = value;
  }
  const parsed = pageQuerySchema.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The cache key a GET of `url` (path and query as they arrived) answers from, for the plain forms in which
 * the web app and API clients ask for the public lists. Anything else (other parameters, a `%25` in a name)
 * is left to the router, which answers it the same way, only slower.
 */
export function publicListKeyOf(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (path === '/api/booksCategory') return query === '' ? publicListKey.categories() : undefined;
  const page = plainPageQuery(query);
  if (!page) return undefined;
  if (path === '/api/books/addvertise') return publicListKey.advertised(page);
  if (path === '/api/allbooks') return publicListKey.all(page);
  if (!path.startsWith('/api/books/')) return undefined;
  const segment = path.slice('/api/books/'.length);
  if (segment.includes('/') || /%25/.test(segment)) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return categoryNameSchema.safeParse(name).success ? publicListKey.category(name, page) : undefined;
}

/** Cache keys of the other public answers (search, book and page answers), kept in the queries cache. */
export const publicQueryKey = {
  search: (query: SearchQuery) => `search ${JSON.stringify(query)}`,
  /** A page load of a described page (a book, category or search page): its path as routed and its query. */
  page: (pathname: string, query: URLSearchParams) => `page ${pathname}?${query}`,
};

/**
 * The validated search a GET of `/api/search?…` asks for, with the query read exactly as the router's validator
 * reads it (a name given once is a string, given several times a list); undefined when it is not valid.
 */
export function searchQueryOf(query: string): SearchQuery | undefined {
  const lists = getQueryParams(`http://localhost/?${query}`) as Record<string, string[]>;
  const values = Object.fromEntries(
    Object.entries(lists).map(([name, list]) => (list.length === 1 ? [name, list[0]] : [name, list])),
  );
  const parsed = searchQuerySchema.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}
