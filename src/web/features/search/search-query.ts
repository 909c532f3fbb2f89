import { queryOptions } from '@tanstack/react-query';
import {
  didYouMeanHeader,
  moreFoundHeader,
  type SearchMatch,
  type SearchSort,
  searchMatchHeader,
  searchSorts,
  totalCountHeader,
} from '../../../shared/constants.ts';
import type { Book } from '../../../shared/schemas/book.ts';
import { api, apiErrorOf } from '../../lib/api.ts';
import { pageFromSearch } from '../../lib/page-param.ts';

export const searchPageSize = 12;

/** What the search page's address asks for: the words, the filters, the sort and the page. */
export interface SearchParams {
  q: string;
  category: string;
  condition: string;
  minPrice: string;
  maxPrice: string;
  verified: boolean;
  sort: SearchSort | '';
  page: number;
}

export function searchParamsOf(search: URLSearchParams): SearchParams {
  const sort = search.get('sort') ?? '';
  return {
    q: search.get('q') ?? '',
    category: search.get('category') ?? '',
    condition: search.get('condition') ?? '',
    minPrice: search.get('minPrice') ?? '',
    maxPrice: search.get('maxPrice') ?? '',
    verified: search.get('verified') === 'true',
    sort: (searchSorts as readonly string[]).includes(sort) ? (sort as SearchSort) : '',
    page: pageFromSearch(search),
  };
}

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

/** One page of a search; the router starts it while the page's code is still loading. */
export function searchQuery(params: SearchParams) {
  const query: Record<string, string> = { page: String(params.page), limit: String(searchPageSize) };
  for (const key of ['q', 'category', 'condition', 'minPrice', 'maxPrice', 'sort'] as const) {
    if (params[key]) query[key] = params[key];
  }
  if (params.verified) query.verified = 'true';
  return queryOptions({
    queryKey: ['books', 'search', query],
    queryFn: async (): Promise<SearchAnswer> => {
      const res = await api.search.$get({ query });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw apiErrorOf(res.status, body);
      return {
        items: body as Book[],
        total: Number(res.headers.get(totalCountHeader) ?? 0),
        more: res.headers.has(moreFoundHeader),
        match: (res.headers.get(searchMatchHeader) ?? 'words') as SearchMatch,
        suggestion: decoded(res.headers.get(didYouMeanHeader)),
      };
    },
  });
}
