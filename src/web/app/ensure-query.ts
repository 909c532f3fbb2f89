import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/**
 * What a route loader does with a query its page shows: ensures its data (from the cache, or fetched now, beside the
 * page's code) from the same query options the page's hook uses, and does not wait for it. The page shows loading,
 * empty and error states itself (QueryView), so a failed fetch is the page's to show, not the error element's.
 */
export function ensureQuery<TData, TKey extends QueryKey>(options: EnsureQueryDataOptions<TData, Error, TData, TKey>) {
  queryClient.ensureQueryData(options).catch(() => {});
}

/**
 * How long the answer a loader fetched stays fresh: the page mounting a moment later does not ask for it again (a
 * change the person makes still refreshes it at once).
 */
export const freshForItsPage = 10_000;

/** What a page's loader is given: the address's parameters (`:id`) and its query string. */
export interface PageAddress {
  params: Readonly<Partial<Record<string, string>>>;
  searchParams: URLSearchParams;
}

/** A page's loader (`<page>-loader.ts`): starts the data its page shows, as the address matches (app/router.tsx). */
export type PageLoader = (address: PageAddress) => void;
