import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api.ts';

/** One book for its page; the server preloads this very URL with the page (server/app.ts). */
export function bookQuery(id: string) {
  return queryOptions({
    queryKey: ['books', 'item', id],
    queryFn: () => unwrap(api.books.item[':id'].$get({ param: { id } })),
    // A missing or sold book stays so: no point asking again.
    retry: false,
  });
}

export function relatedBooksQuery(id: string) {
  return queryOptions({
    queryKey: ['books', 'item', id, 'related'],
    queryFn: () => unwrap(api.books.item[':id'].related.$get({ param: { id } })),
    retry: false,
  });
}
