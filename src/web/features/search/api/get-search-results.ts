import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  didYouMeanHeader,
  moreFoundHeader,
  type SearchMatch,
  searchMatchHeader,
  totalCountHeader,
} from '#shared/constants.ts';
import type { Book } from '#shared/schemas/book.ts';
import { type SearchAnswer, type SearchParams, searchAnswerPath, searchApiQuery } from '#shared/search-params.ts';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, apiErrorOf } from '#web/lib/api.ts';
import { takePageAnswer } from '#web/lib/page-data.ts';

function decoded(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

/**
 * One page of a search: the books, the total, how they matched, and the corrected words if any. A page load of the
 * search carries its first answer.
 */
export async function getSearchResults(params: SearchParams): Promise<SearchAnswer> {
  const carried = takePageAnswer<SearchAnswer>(searchAnswerPath(params));
  if (carried) return carried;
  const res = await api.search.$get({ query: searchApiQuery(params) });
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
    queryKey: ['books', 'search', searchApiQuery(params)],
    queryFn: () => getSearchResults(params),
    staleTime: freshForItsPage,
  });

export const useSearchResults = (params: SearchParams) => useQuery(searchResultsQueryOptions(params));
