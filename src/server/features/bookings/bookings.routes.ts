import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, stateHolds } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateCheck } from '#server/http/state-check-route.ts';
import { bookingItemSchema, bookingRequestSchema, cancelBookingSchema } from '#shared/schemas/booking.ts';

const idParam = uuidParam('id', { message: 'id must be a uuid' });

export const book = api.Bookings.post('/booking', {
  access: 'signed-in',
  middleware: [perUserRateLimit('booking', 'bookings')],
  operationId: 'bookBook',
  summary: 'Book a book',
  description:
    'Books an Available, unreported book of someone else for the signed-in caller, atomically: when many race, ' +
    'exactly one wins and the rest get 409. The name and price come from the book, the buyer from the session.',
  request: { body: jsonBody(bookingRequestSchema) },
  responses: {
    200: jsonContent(z.object({ acknowledged: z.boolean(), insertedId: z.uuid() }), 'Booked; the book is Booked'),
    ...errorResponses(403, 404, 409, 429),
  },
});

export const bookedStatus = api.Bookings.put('/books/status/{id}', {
  operationId: 'markBookBooked',
  summary: 'Compatibility: mark a book booked',
  description:
    'POST /booking already booked the book; this changes nothing and answers modifiedCount 1 exactly when the ' +
    'caller holds an unpaid booking of the book.',
  ...stateCheck(idParam),
});

const buyerEmail = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .openapi({ param: { description: "The buyer's email address" } });

export const wishList = api.Bookings.get('/wishList/{email}', {
  access: 'signed-in',
  operationId: 'listBuyerBookings',
  summary: "A buyer's bookings (My Orders)",
  description: 'The caller may ask about themselves only; an admin about anyone.',
  ...pageOf(bookingItemSchema, 'Bookings, newest first', 'Bookings in all', {
    params: z.object({ email: buyerEmail }),
    errors: [403],
  }),
});

export const removeOrder = api.Bookings.delete('/wishList/{id}', {
  access: 'signed-in',
  operationId: 'deleteBooking',
  summary: 'Delete an unpaid order',
  description:
    "The caller's own order that no money is tied to: one awaiting payment (the book becomes Available again in " +
    'the same transaction, its payment intent is cancelled) or one that ended unpaid. 409 for a paid or refunded ' +
    'order, and while a payment of it is under way.',
  request: { params: uuidParam('id', { message: 'id must be a uuid', description: "The booking's id" }) },
  responses: { 200: jsonContent(deletedCount, 'Deleted'), ...errorResponses(403, 404, 409) },
});

export const availableStatus = api.Bookings.put('/books/statusAvailable/{bookId}', {
  operationId: 'markBookAvailable',
  summary: 'Compatibility: mark a book available',
  description:
    'DELETE /wishList/{id} already put the book back on sale; this changes nothing and answers modifiedCount 1 ' +
    'exactly when the book is Available.',
  ...stateCheck(uuidParam('bookId', { message: 'bookId must be a uuid' })),
});

export const bookingItem = api.Bookings.get('/bookingItems/{id}', {
  access: 'signed-in',
  operationId: 'getBooking',
  summary: 'One booking, for its payment page',
  request: { params: idParam },
  responses: { 200: jsonContent(bookingItemSchema, 'The booking'), ...errorResponses(403, 404) },
});

export const cancel = api.Bookings.post('/booking/{id}/cancel', {
  access: 'signed-in',
  operationId: 'cancelBooking',
  summary: 'Cancel a booking of your book (its seller, or an admin)',
  description:
    'Ends a booking that awaits payment, with a reason the buyer sees in My Orders; the book is on sale again at ' +
    'once. A payment that arrives afterwards is refunded.',
  request: { params: idParam, body: jsonBody(cancelBookingSchema) },
  responses: { 200: stateHolds, ...errorResponses(403, 404, 409) },
});
