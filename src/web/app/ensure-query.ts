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
