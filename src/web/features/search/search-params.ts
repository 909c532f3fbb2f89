import { type SearchSort, searchSorts } from '#shared/constants.ts';
import { pageFromSearch } from '#web/lib/page-param.ts';

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
