import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage } from '#web/lib/api.ts';

export const problemsPageSize = 20;

/** The buyers' problem reports awaiting an admin, oldest first (Reported Items). */
export const getHandoverProblems = (page: number) => getPage(api.handoverProblems.$get, page, problemsPageSize);

export const handoverProblemsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['handoverProblems', page], queryFn: () => getHandoverProblems(page) });

export const useHandoverProblems = (page: number) => useQuery(handoverProblemsQueryOptions(page));
