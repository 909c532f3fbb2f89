import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

export const myBooksPageSize = 20;

export const getSellerBooks = (email: string, page: number) =>
  unwrapPage(api.books.$get({ query: { email, page: String(page), limit: String(myBooksPageSize) } }));

export const sellerBooksQueryOptions = (email: string, page: number) =>
  queryOptions({ queryKey: ['books', 'seller', email, page], queryFn: () => getSellerBooks(email, page) });

export const useSellerBooks = (email: string, page: number) => useQuery(sellerBooksQueryOptions(email, page));
