import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { totalCountHeader } from '../../../shared/constants.ts';
import { bookSchema, pageQuerySchema } from '../../../shared/schemas/book.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { createRouter, jsonContent } from '../../http/openapi.ts';
import { listAdvertisedBooks, listAllBooks, listCategoryBooks } from './public-books.service.ts';

const bookList = (description: string) => ({
  ...jsonContent(z.array(bookSchema), description),
  headers: { [totalCountHeader]: { schema: { type: 'integer' as const }, description: 'Books in the whole list' } },
});

const advertised = createRoute({
  method: 'get',
  path: '/books/addvertise',
  tags: ['Books'],
  summary: 'Advertised books for the home page',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Advertised, available, unreported books, newest first') },
});

const all = createRoute({
  method: 'get',
  path: '/allbooks',
  tags: ['Books'],
  summary: 'Every available book',
  request: { query: pageQuerySchema },
  responses: { 200: bookList('Available, unreported books, newest first') },
});

const ofCategory = createRoute({
  method: 'get',
  path: '/books/{categoryName}',
  tags: ['Books'],
  summary: 'Available books of one category',
  request: { params: z.object({ categoryName: z.string().min(1).max(100) }), query: pageQuerySchema },
  responses: { 200: bookList('Available, unreported books of the category, newest first') },
});

function answerPage(c: Context<AppEnv>, page: { items: z.infer<typeof bookSchema>[]; total: number }) {
  c.header(totalCountHeader, String(page.total));
  return c.json(page.items, 200);
}

export function publicBooksRoutes(deps: AppDeps) {
  const currency = deps.env.CURRENCY;
  return createRouter()
    .openapi(advertised, async (c) => answerPage(c, await listAdvertisedBooks(deps.db, currency, c.req.valid('query'))))
    .openapi(all, async (c) => answerPage(c, await listAllBooks(deps.db, currency, c.req.valid('query'))))
    .openapi(ofCategory, async (c) => {
      const { categoryName } = c.req.valid('param');
      return answerPage(c, await listCategoryBooks(deps.db, currency, categoryName, c.req.valid('query')));
    });
}
