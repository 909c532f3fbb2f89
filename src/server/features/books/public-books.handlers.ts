import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { sendCached } from '#server/http/cached-response.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { publicListKey } from '#server/http/public-list-keys.ts';
import { totalCountHeader } from '#shared/constants.ts';
import type { Book, BookDetail, RelatedBooks } from '#shared/schemas/book.ts';
import type * as routes from './public-books.routes.ts';
import {
  getBook,
  getRelatedBooks,
  listAdvertisedBooks,
  listAllBooks,
  listCategoryBooks,
} from './public-books.service.ts';

const noBooks = { items: [], total: 0 };

/**
 * A page of a public list, from the cache; the total rides in its header. A list that does not exist (`null`:
 * an unknown category) answers as an empty one but is not kept: anyone can ask for any number of names.
 */
async function answerPage(
  c: Context<AppEnv>,
  key: string,
  list: (db: Db) => Promise<{ items: Book[]; total: number } | null>,
) {
  const answer = await c.var.deps.publicLists.answer(key, async (db) => {
    const page = await list(db);
    const { items, total } = page ?? noBooks;
    return { body: JSON.stringify(items), headers: { [totalCountHeader]: String(total) }, keep: page !== null };
  });
  return sendCached<Book[]>(c, answer);
}

export const advertised: AppRouteHandler<typeof routes.advertised> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.advertised(page), (db) => listAdvertisedBooks(db, currency, page));
};

export const all: AppRouteHandler<typeof routes.all> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.all(page), (db) => listAllBooks(db, currency, page));
};

export const ofCategory: AppRouteHandler<typeof routes.ofCategory> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const { categoryName } = c.req.valid('param');
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.category(categoryName, page), (db) =>
    listCategoryBooks(db, currency, categoryName, page),
  );
};

export const oneBook: AppRouteHandler<typeof routes.oneBook> = async (c) => {
  const { deps } = c.var;
  const { id } = c.req.valid('param');
  const answer = await deps.publicQueries.answer(`book ${id}`, async (db) => ({
    body: JSON.stringify(await getBook(db, deps.env.CURRENCY, id)),
  }));
  return sendCached<BookDetail>(c, answer);
};

export const related: AppRouteHandler<typeof routes.related> = async (c) => {
  const { deps } = c.var;
  const { id } = c.req.valid('param');
  const answer = await deps.publicQueries.answer(`related ${id}`, async (db) => ({
    body: JSON.stringify(await getRelatedBooks(db, deps.env.CURRENCY, id)),
  }));
  return sendCached<RelatedBooks>(c, answer);
};
