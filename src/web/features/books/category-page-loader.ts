import { pageFromSearch } from '#shared/page-param.ts';
import { ensureQuery, type PageAddress } from '#web/app/ensure-query.ts';
import { categoryBooksQueryOptions } from './api/get-category-books.ts';

/** `/categoryBooks/:name?page=…`: that page of the category's books. */
export function categoryPageLoader({ params, searchParams }: PageAddress) {
  ensureQuery(categoryBooksQueryOptions(params.name ?? '', pageFromSearch(searchParams)));
}
