import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

export type UserFilter = 'all' | 'buyers' | 'sellers';
export const usersPageSize = 50;

const listOf = {
  all: (query: { page: string; limit: string }) => api.users.$get({ query }),
  buyers: (query: { page: string; limit: string }) => api.users.buyer.$get({ query }),
  sellers: (query: { page: string; limit: string }) => api.users.seller.$get({ query }),
};

export const getUsers = (filter: UserFilter, page: number) =>
  unwrapPage(listOf[filter]({ page: String(page), limit: String(usersPageSize) }));

export const usersQueryOptions = (filter: UserFilter, page: number) =>
  queryOptions({
    queryKey: ['users', filter, page],
    queryFn: () => getUsers(filter, page),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UserFilter, page: number) => useQuery(usersQueryOptions(filter, page));
