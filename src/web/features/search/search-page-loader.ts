import { searchParamsOf } from '#shared/search-params.ts';
import { ensureQuery, type PageAddress } from '#web/app/ensure-query.ts';
import { searchResultsQueryOptions } from './api/get-search-results.ts';

/** `/search?q=…`: the results the address asks for. */
export function searchPageLoader({ searchParams }: PageAddress) {
  ensureQuery(searchResultsQueryOptions(searchParamsOf(searchParams)));
}
