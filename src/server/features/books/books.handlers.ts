import { callerOf } from '#server/http/access.ts';
import { AppError } from '#server/http/errors.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { SellerBook } from '#shared/schemas/book.ts';
import type * as routes from './books.routes.ts';
import { addBook, advertiseBook, confirmBookDeleted, deleteBook, listSellerBooks } from './books.service.ts';

export const add: AppRouteHandler<typeof routes.add> = async (c) => {
  const { deps } = c.var;
  const seller = callerOf(c);
  const book = await addBook(deps.db, deps.storage, deps.env.CURRENCY, seller, c.req.valid('json'));
  return c.json({ acknowledged: true, insertedId: book._id, book }, 201);
};

export const ofSeller: AppRouteHandler<typeof routes.ofSeller> = async (c) => {
  const { deps } = c.var;
  const { email, ...page } = c.req.valid('query');
  const caller = callerOf(c);
  if (caller.role !== 'Admin' && caller.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('FORBIDDEN', 'You can only see your own books');
  }
  return sendPrivateAnswer<SellerBook[]>(c, { email: email.toLowerCase(), ...page }, async () =>
    pageAnswer(await listSellerBooks(deps.db, deps.env.CURRENCY, email, page)),
  );
};

export const advertise: AppRouteHandler<typeof routes.advertise> = async (c) => {
  const seller = callerOf(c);
  return c.json(await advertiseBook(c.var.deps.db, c.req.valid('param').id, seller), 200);
};

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  const seller = callerOf(c);
  return c.json(await deleteBook(c.var.deps.db, c.req.valid('param').id, seller), 200);
};

export const confirmRemoved: AppRouteHandler<typeof routes.confirmRemoved> = async (c) => {
  const seller = callerOf(c);
  return c.json(await confirmBookDeleted(c.var.deps.db, c.req.valid('param').id, seller), 200);
};
