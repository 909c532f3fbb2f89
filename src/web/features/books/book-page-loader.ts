import { ensureQuery, type PageAddress } from '#web/app/ensure-query.ts';
import { bookQueryOptions } from './api/get-book.ts';
import { relatedBooksQueryOptions } from './api/get-related-books.ts';

/** `/books/:id`: the book and its related books. */
export function bookPageLoader({ params }: PageAddress) {
  ensureQuery(bookQueryOptions(params.id ?? ''));
  ensureQuery(relatedBooksQueryOptions(params.id ?? ''));
}
