import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** One book for its page; the server preloads this very URL with the page (server/app.ts). */
export const getBook = (id: string) => unwrap(api.books.item[':id'].$get({ param: { id } }));

export const bookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['books', 'item', id],
    queryFn: () => getBook(id),
    // A missing or sold book stays so: no point asking again.
    retry: false,
  });

export const useBook = (id: string) => useQuery(bookQueryOptions(id));
