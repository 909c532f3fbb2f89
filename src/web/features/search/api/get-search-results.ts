import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  didYouMeanHeader,
  moreFoundHeader,
  type SearchMatch,
  searchMatchHeader,
  totalCountHeader,
} from '#shared/constants.ts';
import type { Book } from '#shared/schemas/book.ts';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, apiErrorOf } from '#web/lib/api.ts';
import type { SearchParams } from '../search-params.ts';

export const searchPageSize = 12;

export interface SearchAnswer {
  items: Book[];
  total: number;
  /** More books match than the search lists. */
  more: boolean;
  match: SearchMatch;
  suggestion: string | null;
}

function decoded(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

/** The query string of a search: only the parameters it has. */
function queryOf(params: SearchParams): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page), limit: String(searchPageSize) };
  for (const key of ['q', 'category', 'condition', 'minPrice', 'maxPrice', 'sort'] as const) {
    if (params[key]) query[key] = params[key];
  }
  if (params.verified) query.verified = 'true';
  if (params.without.length) query.without = params.without.join(',');
  if (params.signed) query.signed = 'true';
  return query;
}

/** One page of a search: the books, the total, how they matched, and the corrected words if any. */
export async function getSearchResults(params: SearchParams): Promise<SearchAnswer> {
  const res = await api.search.$get({ query: queryOf(params) });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, body);
  return {
    items: body as Book[],
    total: Number(res.headers.get(totalCountHeader) ?? 0),
    more: res.headers.has(moreFoundHeader),
    match: (res.headers.get(searchMatchHeader) ?? 'words') as SearchMatch,
    suggestion: decoded(res.headers.get(didYouMeanHeader)),
  };
}

export const searchResultsQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: ['books', 'search', queryOf(params)],
    queryFn: () => getSearchResults(params),
    staleTime: freshForItsPage,
  });

export const useSearchResults = (params: SearchParams) => useQuery(searchResultsQueryOptions(params));
