import { z } from '@hono/zod-openapi';
import { addBookSchema } from '../../../shared/schemas/add-book.ts';
import { bookSchema, pageQuerySchema, type SellerBook, sellerBookSchema } from '../../../shared/schemas/book.ts';
import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { pageAnswer, pageResponse } from '../../http/list-page.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { sendPrivateAnswer } from '../../http/private-answer.ts';
import { addBook, advertiseBook, confirmBookDeleted, deleteBook, listSellerBooks } from './books.service.ts';

const bookId = z.object({ id: z.uuid('not a book id').openapi({ param: { description: "The book's id" } }) });
const modified = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
const deleted = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });

const add = defineRoute({
  access: ['Seller'],
  method: 'post',
  path: '/books',
  operationId: 'addBook',
  tags: ['Books'],
  summary: 'List a new book (sellers)',
  description:
    'The seller (email, SellerName) comes from the session; postDate is now and status Available. ' +
    '`image` (the cover) and each of `photos` (at most four more) must be a URL that POST /api/upload answered; ' +
    '`booksCategory` must name an existing category. `author` and `isbn` are optional; an ISBN-10 or ISBN-13 ' +
    'must have a matching check digit and is stored as its ISBN-13.',
  request: { body: { required: true, content: { 'application/json': { schema: addBookSchema } } } },
  responses: {
    201: jsonContent(z.object({ acknowledged: z.boolean(), insertedId: z.uuid(), book: bookSchema }), 'The new book'),
    ...errorResponses(400, 401, 403, 415),
  },
});

const ofSeller = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/books',
  operationId: 'listSellerBooks',
  tags: ['Books'],
  summary: "A seller's own books (any status)",
  description: 'Sellers see their own books; an admin may ask about any seller.',
  request: { query: pageQuerySchema.extend({ email: z.email('not an email address') }) },
  responses: {
    200: pageResponse(
      sellerBookSchema,
      "The seller's books, newest first, each with its booking",
      'Books in the whole list',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const advertise = defineRoute({
  access: ['Seller'],
  method: 'put',
  path: '/books/{id}',
  operationId: 'advertiseBook',
  tags: ['Books'],
  summary: 'Advertise one of your books on the home page',
  description: 'Only your own Available, unreported book. Advertising it again answers modifiedCount 0.',
  request: { params: bookId },
  responses: { 200: jsonContent(modified, 'Advertised'), ...errorResponses(400, 401, 403, 404, 409) },
});

const remove = defineRoute({
  access: ['Seller'],
  method: 'delete',
  path: '/books/{id}',
  operationId: 'deleteBook',
  tags: ['Books'],
  summary: 'Delete one of your books',
  description: 'Only your own Available, unreported book.',
  request: { params: bookId },
  responses: { 200: jsonContent(deleted, 'Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
});

const confirmRemoved = defineRoute({
  access: ['Seller'],
  method: 'delete',
  path: '/booking/books/{id}',
  operationId: 'confirmBookDeleted',
  tags: ['Books'],
  summary: 'Compatibility: the second call of a deletion',
  description:
    'DELETE /books/{id} already removed the book; this call changes nothing. It answers ' +
    'deletedCount 1 when the book is gone, 0 while it is still one of your listings, and 403 for a book of someone else.',
  request: { params: bookId },
  responses: { 200: jsonContent(deleted, 'Whether the book is gone'), ...errorResponses(400, 401, 403) },
});

export function booksRoutes(deps: AppDeps) {
  const { db, storage } = deps;
  const currency = deps.env.CURRENCY;
  return createRouter()
    .openapi(add, async (c) => {
      const seller = callerOf(c);
      const book = await addBook(db, storage, currency, seller, c.req.valid('json'));
      return c.json({ acknowledged: true, insertedId: book._id, book }, 201);
    })
    .openapi(ofSeller, async (c) => {
      const { email, ...page } = c.req.valid('query');
      const caller = callerOf(c);
      if (caller.role !== 'Admin' && caller.email.toLowerCase() !== email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only see your own books');
      }
      return sendPrivateAnswer<SellerBook[]>(c, { email: email.toLowerCase(), ...page }, async () =>
        pageAnswer(await listSellerBooks(db, currency, email, page)),
      );
    })
    .openapi(advertise, async (c) => {
      const seller = callerOf(c);
      return c.json(await advertiseBook(db, c.req.valid('param').id, seller), 200);
    })
    .openapi(remove, async (c) => {
      const seller = callerOf(c);
      return c.json(await deleteBook(db, c.req.valid('param').id, seller), 200);
    })
    .openapi(confirmRemoved, async (c) => {
      const seller = callerOf(c);
      return c.json(await confirmBookDeleted(db, c.req.valid('param').id, seller), 200);
    });
}
