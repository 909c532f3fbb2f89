import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import { api, unwrapPage } from '#web/lib/api.ts';

export type UserFilter = 'all' | 'buyers' | 'sellers';
export const usersPageSize = 50;

/** What an admin narrows a user list by; empty fields filter nothing. */
export interface UserSearch {
  q: string;
  role: Role | '';
  verified: 'true' | 'false' | '';
  closed: boolean;
}

export const noUserSearch: UserSearch = { q: '', role: '', verified: '', closed: false };

/** The list's query: the page, and only the filters that are set. */
function queryOf(search: UserSearch, page: number) {
  return {
    page: String(page),
    limit: String(usersPageSize),
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    ...(search.verified ? { verified: search.verified } : {}),
    ...(search.closed ? { closed: 'true' as const } : {}),
  };
}

const listOf = {
  all: (search: UserSearch, page: number) =>
    api.users.$get({ query: { ...queryOf(search, page), ...(search.role ? { role: search.role } : {}) } }),
  buyers: (search: UserSearch, page: number) => api.users.buyer.$get({ query: queryOf(search, page) }),
  sellers: (search: UserSearch, page: number) => api.users.seller.$get({ query: queryOf(search, page) }),
};

export const getUsers = (filter: UserFilter, search: UserSearch, page: number) =>
  unwrapPage(listOf[filter](search, page));

export const usersQueryOptions = (filter: UserFilter, search: UserSearch, page: number) =>
  queryOptions({
    queryKey: ['users', filter, search, page],
    queryFn: () => getUsers(filter, search, page),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UserFilter, search: UserSearch, page: number) =>
  useQuery(usersQueryOptions(filter, search, page));
