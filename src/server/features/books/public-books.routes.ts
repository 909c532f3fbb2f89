import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { totalCountHeader } from '../../../shared/constants.ts';
import { type Book, bookSchema, pageQuerySchema } from '../../../shared/schemas/book.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { defineRoute } from '../../http/access.ts';
import { sendCached } from '../../http/cached-response.ts';
import { createRouter, jsonContent } from '../../http/openapi.ts';
import type { PublicListCache } from '../../http/public-list-cache.ts';
import { categoryNameSchema, publicListKey } from '../../http/public-list-keys.ts';
import { listAdvertisedBooks, listAllBooks, listCategoryBooks } from './public-books.service.ts';

const bookList = (description: string) => ({
  ...jsonContent(z.array(bookSchema), description),
  headers: { [totalCountHeader]: { schema: { type: 'integer' as const }, description: 'Books in the whole list' } },
});

const advertised = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/addvertise',
  tags: ['Books'],
  summary: 'Advertised books for the home page',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Advertised, available, unreported books, newest first') },
});

const all = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/allbooks',
  tags: ['Books'],
  summary: 'Every available book',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Available, unreported books, newest first') },
});

const ofCategory = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/books/{categoryName}',
  tags: ['Books'],
  summary: 'Available books of one category',
  request: { params: z.object({ categoryName: categoryNameSchema }), query: pageQuerySchema },
  responses: { 200: bookList('Available, unreported books of the category, newest first') },
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
  list: () => Promise<{ items: Book[]; total: number } | null>,
) {
  const answer = await lists.answer(key, async () => {
    const page = await list();
    const { items, total } = page ?? noBooks;
    return { body: JSON.stringify(items), headers: { [totalCountHeader]: String(total) }, keep: page !== null };
  });
  return sendCached<Book[]>(c, answer);
}

export function publicBooksRoutes(deps: AppDeps) {
  const currency = deps.env.CURRENCY;
  const lists = deps.publicLists;
  return createRouter()
    .openapi(advertised, (c) => {
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.advertised(page), () => listAdvertisedBooks(deps.db, currency, page));
    })
    .openapi(all, (c) => {
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.all(page), () => listAllBooks(deps.db, currency, page));
    })
    .openapi(ofCategory, (c) => {
      const { categoryName } = c.req.valid('param');
      const page = c.req.valid('query');
      return answerPage(c, lists, publicListKey.category(categoryName, page), () =>
        listCategoryBooks(deps.db, currency, categoryName, page),
      );
    });
}
