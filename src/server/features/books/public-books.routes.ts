import { z } from '@hono/zod-openapi';
import { defineRoute } from '#server/http/access.ts';
import { pageResponse } from '#server/http/list-page.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { categoryNameSchema } from '#server/http/public-list-keys.ts';
import { bookDetailSchema, bookSchema, pageQuerySchema, relatedBooksSchema } from '#shared/schemas/book.ts';

const bookList = (description: string) => pageResponse(bookSchema, description, 'Books in the whole list');

/** A public list of books, a page at a time: `listed` says which books, in what order. */
const publicList = <P extends string>(path: P, operationId: string, summary: string, listed: string) =>
  defineRoute({
    access: 'anyone',
    method: 'get',
    path,
    operationId,
    tags: ['Books'],
    summary,
    request: { query: pageQuerySchema },
    responses: { 200: bookList(listed), ...errorResponses(400) },
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

export const ofCategory = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/{categoryName}',
  operationId: 'listCategoryBooks',
  tags: ['Books'],
  summary: 'Available books of one category',
  request: {
    params: z.object({ categoryName: categoryNameSchema.openapi({ param: { description: "The category's name" } }) }),
    query: pageQuerySchema,
  },
  responses: { 200: bookList('Available, unreported books of the category, newest first'), ...errorResponses(400) },
});

const bookIdParam = uuidParam('id', { message: 'not a book id' });

export const oneBook = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/item/{id}',
  operationId: 'getBook',
  tags: ['Books'],
  summary: 'One book, for its page',
  description:
    'An Available or Booked book with every photo (the cover, `image`, first). A Sold or removed book answers 410; ' +
    'an unknown id, or a book that reports have hidden, 404.',
  request: { params: bookIdParam },
  responses: { 200: jsonContent(bookDetailSchema, 'The book'), ...errorResponses(400, 404, 410) },
});

export const related = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/item/{id}/related',
  operationId: 'listRelatedBooks',
  tags: ['Books'],
  summary: "The seller's other books and similar books",
  description:
    "Up to six of the seller's other listed books, newest first, and up to six similar listed books: by the same " +
    'author first, then of the same category. 404 and 410 as for the book itself.',
  request: { params: bookIdParam },
  responses: { 200: jsonContent(relatedBooksSchema, 'Books to show beside it'), ...errorResponses(400, 404, 410) },
});
