import type { Context } from 'hono';
import { currentUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { sendCached } from '#server/http/cached-response.ts';
import { totalCountHeaders } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import { publicListKey } from '#server/http/public-list-keys.ts';
import type { Book, BookDetail, RelatedBooks } from '#shared/schemas/book.ts';
import type { routes } from './public-books.routes.ts';
import * as catalogue from './public-books.service.ts';

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
    return { body: JSON.stringify(items), headers: totalCountHeaders(total), keep: page !== null };
  });
  return sendCached<Book[]>(c, answer);
}

export const listAdvertisedBooks: AppRouteHandler<typeof routes.listAdvertisedBooks> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.advertised(page), (db) => catalogue.listAdvertisedBooks(db, currency, page));
};

export const listAllBooks: AppRouteHandler<typeof routes.listAllBooks> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.all(page), (db) => catalogue.listAllBooks(db, currency, page));
};

export const listCategoryBooks: AppRouteHandler<typeof routes.listCategoryBooks> = (c) => {
  const currency = c.var.deps.env.CURRENCY;
  const { categoryName } = c.req.valid('param');
  const page = c.req.valid('query');
  return answerPage(c, publicListKey.category(categoryName, page), (db) =>
    catalogue.listCategoryBooks(db, currency, categoryName, page),
  );
};

/** A public answer about one book, from the cache. */
async function answerAboutBook<T>(c: Context<AppEnv>, key: string, load: (db: Db) => Promise<T>) {
  const answer = await c.var.deps.publicQueries.answer(key, async (db) => ({ body: JSON.stringify(await load(db)) }));
  return sendCached<T>(c, answer);
}

/**
 * The book for its page. Everyone gets the one public answer, kept for all, which never holds the seller's email
 * and phone; the few who may read them (`contactFor`) get their own answer with both, kept for them alone.
 */
export const getBook: AppRouteHandler<typeof routes.getBook> = async (c) => {
  const { id } = c.req.valid('param');
  const { deps } = c.var;
  const caller = await currentUser(c, deps);
  const contact = caller && (await catalogue.contactFor(deps.db, id, caller));
  if (contact) {
    return sendPrivateAnswer<BookDetail>(c, { id }, async () => ({
      body: { ...(await catalogue.getBook(deps.db, deps.env.CURRENCY, id)), ...contact },
    }));
  }
  return answerAboutBook<BookDetail>(c, `book ${id}`, (db) => catalogue.getBook(db, deps.env.CURRENCY, id));
};

export const listRelatedBooks: AppRouteHandler<typeof routes.listRelatedBooks> = (c) => {
  const { id } = c.req.valid('param');
  return answerAboutBook<RelatedBooks>(c, `related ${id}`, (db) =>
    catalogue.getRelatedBooks(db, c.var.deps.env.CURRENCY, id),
  );
};
