import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { categoryNameSchema } from '#server/http/public-list-keys.ts';
import { bookDetailSchema, bookSchema, relatedBooksSchema } from '#shared/schemas/book.ts';

/** A public list of books, a page at a time: `listed` says which books, in what order. */
const publicList = <P extends string>(path: P, operationId: string, summary: string, listed: string) =>
  api.Books.get(path, {
    access: 'anyone',
    operationId,
    summary,
    ...pageOf(bookSchema, listed, 'Books in the whole list'),
  });

export const advertised = publicList(
  '/books/addvertise',
  'listAdvertisedBooks',
  'Advertised books for the home page',
  'Advertised, available, unreported books, newest first',
);

export const all = publicList(
  '/allbooks',
  'listAllBooks',
  'Every available book',
  'Available, unreported books, newest first',
);

export const ofCategory = api.Books.get('/books/{categoryName}', {
  access: 'anyone',
  operationId: 'listCategoryBooks',
  summary: 'Available books of one category',
  ...pageOf(bookSchema, 'Available, unreported books of the category, newest first', 'Books in the whole list', {
    params: z.object({ categoryName: categoryNameSchema.openapi({ param: { description: "The category's name" } }) }),
  }),
});

const bookIdParam = uuidParam('id', { message: 'not a book id' });

export const oneBook = api.Books.get('/books/item/{id}', {
  access: 'anyone',
  operationId: 'getBook',
  summary: 'One book, for its page',
  description:
    'An Available or Booked book with every photo (the cover, `image`, first). A Sold or removed book answers 410; ' +
    'an unknown id, or a book that reports have hidden, 404.',
  request: { params: bookIdParam },
  responses: { 200: jsonContent(bookDetailSchema, 'The book'), ...errorResponses(404, 410) },
});

export const related = api.Books.get('/books/item/{id}/related', {
  access: 'anyone',
  operationId: 'listRelatedBooks',
  summary: "The seller's other books and similar books",
  description:
    "Up to six of the seller's other listed books, newest first, and up to six similar listed books: by the same " +
    'author first, then of the same category. 404 and 410 as for the book itself.',
  request: { params: bookIdParam },
  responses: { 200: jsonContent(relatedBooksSchema, 'Books to show beside it'), ...errorResponses(404, 410) },
});
