import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { acknowledgedDeleted, acknowledgedModified } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { addBookSchema, editBookSchema } from '#shared/schemas/add-book.ts';
import { bookSchema, pageQuerySchema, sellerBookSchema } from '#shared/schemas/book.ts';

const bookId = uuidParam('id', { message: 'not a book id', description: "The book's id" });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  addBook: api.Books.post('/books', ['Seller'], {
    request: { body: jsonBody(addBookSchema) },
    responses: {
      201: jsonContent(z.object({ acknowledged: z.boolean(), insertedId: z.uuid(), book: bookSchema }), 'The new book'),
      ...errorResponses(415, 429),
    },
  }),
  listSellerBooks: api.Books.get('/books', 'signed-in', {
    ...pageOf(sellerBookSchema, "The seller's books, newest first, each with its booking", 'Books in the whole list', {
      query: pageQuerySchema.extend({ email: z.email('not an email address') }),
      errors: [403],
    }),
  }),
  advertiseBook: api.Books.put('/books/{id}', ['Seller'], {
    ...stateChange(bookId, acknowledgedModified, 'Advertised'),
  }),
  editBook: api.Books.patch('/books/{id}', ['Seller'], {
    request: { params: bookId, body: jsonBody(editBookSchema) },
    responses: {
      200: jsonContent(z.object({ acknowledged: z.boolean(), modifiedCount: z.number(), book: bookSchema }), 'Edited'),
      ...errorResponses(404, 409, 415),
    },
  }),
  deleteBook: api.Books.delete('/books/{id}', ['Seller'], {
    ...stateChange(bookId, acknowledgedDeleted, 'Deleted'),
  }),
  confirmBookDeleted: api.Books.delete('/booking/books/{id}', ['Seller'], {
    request: { params: bookId },
    responses: { 200: jsonContent(acknowledgedDeleted, 'Whether the book is gone') },
  }),
};
