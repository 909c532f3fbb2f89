import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookDetail } from '#shared/schemas/book.ts';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { takePageAnswer } from '#web/lib/page-data.ts';

/** One book for its page, from the server at the URL the server writes into the book's page (lib/page-data.ts). */
export const getBook = (id: string) => unwrap(api.books.item[':id'].$get({ param: { id } }));

export const bookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['books', 'item', id],
    // A page load of /books/:id carries the book (its public answer): the page draws without asking for it.
    queryFn: (): Promise<BookDetail> =>
      Promise.resolve(takePageAnswer<BookDetail>(`/api/books/item/${id}`) ?? getBook(id)),
    // A missing or sold book stays so: no point asking again.
    retry: false,
    staleTime: freshForItsPage,
  });

export const useBook = (id: string) => useQuery(bookQueryOptions(id));
