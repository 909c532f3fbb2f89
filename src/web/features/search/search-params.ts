import { type BookDefect, bookDefects, type SearchSort, searchSorts } from '#shared/constants.ts';
import { pageFromSearch } from '#web/lib/page-param.ts';

/** What the search page's address asks for: the words, the filters, the sort and the page. */
export interface SearchParams {
  q: string;
  category: string;
  condition: string;
  minPrice: string;
  maxPrice: string;
  verified: boolean;
  /** Defects the books must not have (`without=a,b`); unknown names in the address are dropped. */
  without: BookDefect[];
  signed: boolean;
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
    without: bookDefects.filter((defect) => (search.get('without') ?? '').split(',').includes(defect)),
    signed: search.get('signed') === 'true',
    sort: (searchSorts as readonly string[]).includes(sort) ? (sort as SearchSort) : '',
    page: pageFromSearch(search),
  };
}
