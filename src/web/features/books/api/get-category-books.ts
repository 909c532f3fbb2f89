import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, unwrapPage } from '#web/lib/api.ts';

export const categoryPageSize = 12;

export const getCategoryBooks = (name: string, page: number) =>
  unwrapPage(
    api.books[':categoryName'].$get({
      // The typed client puts params into the path as they are.
      param: { categoryName: encodeURIComponent(name) },
      query: { page: String(page), limit: String(categoryPageSize) },
    }),
  );

export const categoryBooksQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: ['books', 'category', name, page],
    queryFn: () => getCategoryBooks(name, page),
    staleTime: freshForItsPage,
  });

export const useCategoryBooks = (name: string, page: number) => useQuery(categoryBooksQueryOptions(name, page));
