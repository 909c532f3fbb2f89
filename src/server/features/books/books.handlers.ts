import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import { authorize } from '#server/policies/policies.ts';
import type { SellerBook } from '#shared/schemas/book.ts';
import type { routes } from './books.routes.ts';
import * as books from './books.service.ts';

export const addBook: AppRouteHandler<typeof routes.addBook> = async (c) => {
  const { deps } = c.var;
  const seller = callerOf(c);
  const listing = { storage: deps.storage, currency: deps.env.CURRENCY, listingLimit: deps.env.LISTING_LIMIT };
  const book = await books.addBook(deps.db, listing, seller, c.req.valid('json'));
  return c.json({ acknowledged: true, insertedId: book._id, book }, 201);
};

export const listSellerBooks: AppRouteHandler<typeof routes.listSellerBooks> = async (c) => {
  const { deps } = c.var;
  const { email, ...page } = c.req.valid('query');
  const caller = callerOf(c);
  authorize(caller, 'book.listOwn', { email });
  return sendPrivateAnswer<SellerBook[]>(c, { email: email.toLowerCase(), ...page }, async () =>
    pageAnswer(await books.listSellerBooks(deps.db, deps.env.CURRENCY, email, page)),
  );
};

export const advertiseBook: AppRouteHandler<typeof routes.advertiseBook> = async (c) => {
  const seller = callerOf(c);
  return c.json(await books.advertiseBook(c.var.deps.db, c.req.valid('param').id, seller), 200);
};

export const editBook: AppRouteHandler<typeof routes.editBook> = async (c) => {
  const { deps } = c.var;
  const seller = callerOf(c);
  const listing = { storage: deps.storage, currency: deps.env.CURRENCY, listingLimit: deps.env.LISTING_LIMIT };
  const book = await books.editBook(deps.db, listing, c.req.valid('param').id, seller, c.req.valid('json'));
  return c.json({ acknowledged: true, modifiedCount: 1, book }, 200);
};

export const deleteBook: AppRouteHandler<typeof routes.deleteBook> = async (c) => {
  const seller = callerOf(c);
  return c.json(await books.deleteBook(c.var.deps.db, c.req.valid('param').id, seller), 200);
};

export const confirmBookDeleted: AppRouteHandler<typeof routes.confirmBookDeleted> = async (c) => {
  const seller = callerOf(c);
  return c.json(await books.confirmBookDeleted(c.var.deps.db, c.req.valid('param').id, seller), 200);
};
