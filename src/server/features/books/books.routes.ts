import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { acknowledgedDeleted, acknowledgedModified } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { addBookSchema } from '#shared/schemas/add-book.ts';
import { bookSchema, pageQuerySchema, sellerBookSchema } from '#shared/schemas/book.ts';

const bookId = uuidParam('id', { message: 'not a book id', description: "The book's id" });

export const add = api.Books.post('/books', {
  access: ['Seller'],
  operationId: 'addBook',
  summary: 'List a new book (sellers)',
  description:
    'The seller (email, SellerName) comes from the session; postDate is now and status Available. ' +
    '`image` (the cover) and each of `photos` (at most four more) must be a URL that POST /api/upload answered; ' +
    '`booksCategory` must name an existing category. `author` and `isbn` are optional; an ISBN-10 or ISBN-13 ' +
    'must have a matching check digit and is stored as its ISBN-13.',
  request: { body: jsonBody(addBookSchema) },
  responses: {
    201: jsonContent(z.object({ acknowledged: z.boolean(), insertedId: z.uuid(), book: bookSchema }), 'The new book'),
    ...errorResponses(415),
  },
});

export const ofSeller = api.Books.get('/books', {
  access: 'signed-in',
  operationId: 'listSellerBooks',
  summary: "A seller's own books (any status)",
  description: 'Sellers see their own books; an admin may ask about any seller.',
  ...pageOf(sellerBookSchema, "The seller's books, newest first, each with its booking", 'Books in the whole list', {
    query: pageQuerySchema.extend({ email: z.email('not an email address') }),
    errors: [403],
  }),
});

export const advertise = api.Books.put('/books/{id}', {
  access: ['Seller'],
  operationId: 'advertiseBook',
  summary: 'Advertise one of your books on the home page',
  description: 'Only your own Available, unreported book. Advertising it again answers modifiedCount 0.',
  request: { params: bookId },
  responses: { 200: jsonContent(acknowledgedModified, 'Advertised'), ...errorResponses(404, 409) },
});

export const remove = api.Books.delete('/books/{id}', {
  access: ['Seller'],
  operationId: 'deleteBook',
  summary: 'Delete one of your books',
  description: 'Only your own Available, unreported book.',
  request: { params: bookId },
  responses: { 200: jsonContent(acknowledgedDeleted, 'Deleted'), ...errorResponses(404, 409) },
});

export const confirmRemoved = api.Books.delete('/booking/books/{id}', {
  access: ['Seller'],
  operationId: 'confirmBookDeleted',
  summary: 'Compatibility: the second call of a deletion',
  description:
    'DELETE /books/{id} already removed the book; this call changes nothing. It answers ' +
    'deletedCount 1 when the book is gone, 0 while it is still one of your listings, and 403 for a book of someone else.',
  request: { params: bookId },
  responses: { 200: jsonContent(acknowledgedDeleted, 'Whether the book is gone') },
});
