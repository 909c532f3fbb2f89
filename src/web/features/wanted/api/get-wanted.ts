import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

export const wantedPageSize = 20;

/** The signed-in person's Wanted list, newest first. */
export const getWanted = (page: number) =>
  unwrapPage(api.wanted.$get({ query: { page: String(page), limit: String(wantedPageSize) } }));

export const wantedQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['wanted', page], queryFn: () => getWanted(page), retry: false });

export const useWanted = (page: number) => useQuery(wantedQueryOptions(page));
