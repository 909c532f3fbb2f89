import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { categoryNameSchema } from '#server/http/public-list-keys.ts';
import { bookDetailSchema, bookSchema, relatedBooksSchema } from '#shared/schemas/book.ts';

/** A public list of books, a page at a time: `listed` says which books, in what order. */
const publicList = <P extends string>(path: P, listed: string) =>
  api.Books.get(path, 'anyone', { ...pageOf(bookSchema, listed, 'Books in the whole list') });

const bookIdParam = uuidParam('id', { message: 'not a book id' });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  listAdvertisedBooks: publicList('/books/addvertise', 'Advertised, available, unreported books, newest first'),
  listAllBooks: publicList('/allbooks', 'Available, unreported books, newest first'),
  listCategoryBooks: api.Books.get('/books/{categoryName}', 'anyone', {
    ...pageOf(bookSchema, 'Available, unreported books of the category, newest first', 'Books in the whole list', {
      params: z.object({ categoryName: categoryNameSchema.openapi({ param: { description: "The category's name" } }) }),
    }),
  }),
  getBook: api.Books.get('/books/item/{id}', 'anyone', {
    request: { params: bookIdParam },
    responses: { 200: jsonContent(bookDetailSchema, 'The book'), ...errorResponses(404, 410) },
  }),
  listRelatedBooks: api.Books.get('/books/item/{id}/related', 'anyone', {
    request: { params: bookIdParam },
    responses: { 200: jsonContent(relatedBooksSchema, 'Books to show beside it'), ...errorResponses(404, 410) },
  }),
};
