import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, stateHolds } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateCheck } from '#server/http/state-calls.ts';
import { bookingItemSchema, bookingRequestSchema, cancelBookingSchema } from '#shared/schemas/booking.ts';
import { bookingCalls } from './bookings.rate-limits.ts';

const idParam = uuidParam('id', { message: 'id must be a uuid' });

const buyerEmail = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .openapi({ param: { description: "The buyer's email address" } });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  bookBook: api.Bookings.post('/booking', 'signed-in', {
    middleware: [perUserRateLimit(bookingCalls)],
    request: { body: jsonBody(bookingRequestSchema) },
    responses: {
      200: jsonContent(z.object({ acknowledged: z.boolean(), insertedId: z.uuid() }), 'Booked; the book is Booked'),
      ...errorResponses(403, 404, 409, 429),
    },
  }),
  markBookBooked: api.Bookings.put('/books/status/{id}', 'signed-in', {
    ...stateCheck(idParam),
  }),
  listBuyerBookings: api.Bookings.get('/wishList/{email}', 'signed-in', {
    ...pageOf(bookingItemSchema, 'Bookings, newest first', 'Bookings in all', {
      params: z.object({ email: buyerEmail }),
      errors: [403],
    }),
  }),
  deleteBooking: api.Bookings.delete('/wishList/{id}', 'signed-in', {
    request: { params: uuidParam('id', { message: 'id must be a uuid', description: "The booking's id" }) },
    responses: { 200: jsonContent(deletedCount, 'Deleted'), ...errorResponses(403, 404, 409) },
  }),
  markBookAvailable: api.Bookings.put('/books/statusAvailable/{bookId}', 'signed-in', {
    ...stateCheck(uuidParam('bookId', { message: 'bookId must be a uuid' })),
  }),
  getBooking: api.Bookings.get('/bookingItems/{id}', 'signed-in', {
    request: { params: idParam },
    responses: { 200: jsonContent(bookingItemSchema, 'The booking'), ...errorResponses(403, 404) },
  }),
  cancelBooking: api.Bookings.post('/booking/{id}/cancel', 'signed-in', {
    request: { params: idParam, body: jsonBody(cancelBookingSchema) },
    responses: { 200: stateHolds, ...errorResponses(403, 404, 409) },
  }),
};
