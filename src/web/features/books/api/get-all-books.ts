import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

const allBooksShown = 48;

export const getAllBooks = () => unwrapPage(api.allbooks.$get({ query: { limit: String(allBooksShown) } }));

export const allBooksQueryOptions = () => queryOptions({ queryKey: ['books', 'all'], queryFn: getAllBooks });

export const useAllBooks = () => useQuery(allBooksQueryOptions());
