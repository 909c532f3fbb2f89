import {
  type BookDefect,
  bookDefects,
  type SearchMatch,
  type SearchSort,
  searchReach,
  searchSorts,
} from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { pageFromSearch } from '#shared/page-param.ts';
import type { Book } from '#shared/schemas/book.ts';

// The search page's address and the API call it makes, read the same way by the web app and by the server, which
// writes the first page of results into a page load (server/features/seo/page-heads.ts).

/** Books a page of search results lists. */
export const searchPageSize = 12;

/** A page of search results as the search page shows it: the API's books with what its headers say. */
export interface SearchAnswer {
  items: Book[];
  total: number;
  /** More books match than the search lists. */
  more: boolean;
  match: SearchMatch;
  suggestion: string | null;
}

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

/** The query string of a search's API call: only the parameters it has. */
export function searchApiQuery(params: SearchParams): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page), limit: String(searchPageSize) };
  for (const key of ['q', 'category', 'condition', 'minPrice', 'maxPrice', 'sort'] as const) {
    if (params[key]) query[key] = params[key];
  }
  if (params.verified) query.verified = 'true';
  if (params.without.length) query.without = params.without.join(',');
  if (params.signed) query.signed = 'true';
  return query;
}

/** Where a page load's data holds a search's first answer (web/lib/page-data.ts). */
export const searchAnswerPath = (params: SearchParams) =>
  `/api/search?${new URLSearchParams(searchApiQuery(params)).toString()}`;

/** The heading of a page of results: how many books were found for the words (none: the books for sale). */
export function searchHeading({ total, more, match, suggestion }: SearchAnswer, typed: string): string {
  const m = texts.search;
  const n = more ? searchReach : total;
  const q = match === 'corrected' && suggestion ? suggestion : typed;
  if (q) return more ? m.foundMore({ n, q }) : m.found({ n, q });
  return more ? m.forSaleMore({ n }) : m.forSale({ n });
}
