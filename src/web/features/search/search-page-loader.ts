import type { LoaderFunctionArgs } from 'react-router';
import { ensureQuery } from '#web/app/ensure-query.ts';
import { searchResultsQueryOptions } from './api/get-search-results.ts';
import { searchParamsOf } from './search-params.ts';

/** `/search?q=…`: the results the address asks for. */
export function searchPageLoader({ request }: LoaderFunctionArgs) {
  ensureQuery(searchResultsQueryOptions(searchParamsOf(new URL(request.url).searchParams)));
  return null;
}
