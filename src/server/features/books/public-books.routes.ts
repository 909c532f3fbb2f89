import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  type Book,
  type BookDetail,
  bookDetailSchema,
  bookSchema,
  pageQuerySchema,
  type RelatedBooks,
  relatedBooksSchema,
} from '../../../shared/schemas/book.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../http/access.ts';
import { sendCached } from '../../http/cached-response.ts';
import { pageAnswer, pageResponse } from '../../http/list-page.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import type { PublicListCache } from '../../http/public-list-cache.ts';
import { categoryNameSchema, publicListKey } from '../../http/public-list-keys.ts';
import {
  getBook,
  getRelatedBooks,
  listAdvertisedBooks,
  listAllBooks,
  listCategoryBooks,
} from './public-books.service.ts';

const bookList = (description: string) => pageResponse(bookSchema, description, 'Books in the whole list');

const advertised = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/addvertise',
  operationId: 'listAdvertisedBooks',
  tags: ['Books'],
  summary: 'Advertised books for the home page',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Advertised, available, unreported books, newest first'), ...errorResponses(400) },
});

const all = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/allbooks',
  operationId: 'listAllBooks',
  tags: ['Books'],
  summary: 'Every available book',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Available, unreported books, newest first'), ...errorResponses(400) },
});

const ofCategory = defineRoute({
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

const bookIdParam = z.object({ id: z.uuid('not a book id') });

const oneBook = defineRoute({
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

const related = defineRoute({
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

const noBooks = { items: [], total: 0 };

/**
 * A page of a public list, from the cache; the total rides in its header. A list that does not exist (`null`:
 * an unknown category) answers as an empty one but is not kept: anyone can ask for any number of names.
 */
async function answerPage(
  c: Context<AppEnv>,
  lists: PublicListCache,
  key: string,
  list: (db: Db) => Promise<{ items: Book[]; total: number } | null>,
) {
  const answer = await lists.answer(key, async (db) => {
    const page = await list(db);
    const { body, headers } = pageAnswer(page ?? noBooks);
    return { body: JSON.stringify(body), headers, keep: page !== null };
  });
  return sendCached<Book[]>(c, answer);
}

export function publicBooksRoutes(deps: AppDeps) {
  const currency = deps.env.CURRENCY;
  const lists = deps.publicLists;
  return createRouter()
    .openapi(advertised, (c) => {
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.advertised(page), (db) => listAdvertisedBooks(db, currency, page));
    })
    .openapi(all, (c) => {
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.all(page), (db) => listAllBooks(db, currency, page));
    })
    .openapi(ofCategory, (c) => {
      const { categoryName } = c.req.valid('param');
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.category(categoryName, page), (db) =>
        listCategoryBooks(db, currency, categoryName, page),
      );
    })
    .openapi(oneBook, async (c) => {
      const { id } = c.req.valid('param');
      const answer = await deps.publicQueries.answer(`book ${id}`, async (db) => ({
        body: JSON.stringify(await getBook(db, currency, id)),
      }));
      return sendCached<BookDetail>(c, answer);
    })
    .openapi(related, async (c) => {
      const { id } = c.req.valid('param');
      const answer = await deps.publicQueries.answer(`related ${id}`, async (db) => ({
        body: JSON.stringify(await getRelatedBooks(db, currency, id)),
      }));
      return sendCached<RelatedBooks>(c, answer);
    });
}
