import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** The seller's other books and similar ones; the server preloads this URL with the book's page too. */
export const getRelatedBooks = (id: string) => unwrap(api.books.item[':id'].related.$get({ param: { id } }));

export const relatedBooksQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['books', 'item', id, 'related'],
    queryFn: () => getRelatedBooks(id),
    retry: false,
    staleTime: freshForItsPage,
  });

/** Shown once the book itself is: `enabled` waits for it. */
export const useRelatedBooks = (id: string, enabled: boolean) => useQuery({ ...relatedBooksQueryOptions(id), enabled });
