import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

export const draftsPageSize = 20;
export type DraftFilter = 'all' | 'ready' | 'not-ready';

const readyParam = { all: undefined, ready: 'true', 'not-ready': 'false' } as const;

/** A page of the seller's drafts, in the shelf's order; `filter` keeps the ready ones or the others. */
export const getDrafts = (page: number, filter: DraftFilter, limit = draftsPageSize) => {
  const ready = readyParam[filter];
  return unwrapPage(
    api.shelf.drafts.$get({ query: { page: String(page), limit: String(limit), ...(ready && { ready }) } }),
  );
};

export const draftsQueryOptions = (page: number, filter: DraftFilter) =>
  queryOptions({
    queryKey: ['drafts', filter, page],
    queryFn: () => getDrafts(page, filter),
    placeholderData: keepPreviousData,
    // While the catalogue is still being asked about some of them, they fill in as it answers.
    refetchInterval: (query) => (query.state.data?.items.some((draft) => draft.lookup === 'waiting') ? 2000 : false),
  });

export const useDrafts = (page: number, filter: DraftFilter) => useQuery(draftsQueryOptions(page, filter));

/** How many drafts the seller has, and how many of them are ready (two counts, one item each). */
export const useDraftCounts = () =>
  useQuery({
    queryKey: ['drafts', 'counts'],
    queryFn: async () => {
      const [all, ready] = await Promise.all([getDrafts(1, 'all', 1), getDrafts(1, 'ready', 1)]);
      return { total: all.total, ready: ready.total };
    },
  });
