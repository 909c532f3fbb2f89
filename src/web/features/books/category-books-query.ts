import { queryOptions } from '@tanstack/react-query';
import { api, unwrapPage } from '../../lib/api.ts';

export const categoryPageSize = 12;

/** One page of a category's books; the router starts it while the page's code is still loading. */
export function categoryBooksQuery(name: string, page: number) {
  return queryOptions({
    queryKey: ['books', 'category', name, page],
    queryFn: () =>
      unwrapPage(
        api.books[':categoryName'].$get({
          // The typed client puts params into the path as they are.
          param: { categoryName: encodeURIComponent(name) },
          query: { page: String(page), limit: String(categoryPageSize) },
        }),
      ),
  });
}
