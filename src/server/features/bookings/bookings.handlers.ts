import type { Context } from 'hono';
import { requireSelfOrAdmin } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import * as booking from './book-book.service.ts';
import type { routes } from './bookings.routes.ts';
import * as bookings from './bookings.service.ts';
import * as endBooking from './end-booking.service.ts';

/** The caller as a reader of bookings. */
const viewerOf = (c: Context<AppEnv>) => ({
  id: callerOf(c).id,
  currency: c.var.deps.env.CURRENCY,
  handoverMs: c.var.deps.env.HANDOVER_PERIOD,
});

export const bookBook: AppRouteHandler<typeof routes.bookBook> = async (c) => {
  const { deps } = c.var;
  const buyer = callerOf(c);
  const { bookId, contact, meetinglocation } = c.req.valid('json');
  const insertedId = await booking.bookBook(deps.db, {
    bookId,
    buyer,
    contact,
    meetingLocation: meetinglocation,
    holdMs: deps.env.BOOKING_HOLD,
    maxOpenHolds: deps.env.MAX_OPEN_HOLDS,
    currency: deps.env.CURRENCY,
  });
  return c.json({ acknowledged: true, insertedId }, 200);
};

export const markBookBooked: AppRouteHandler<typeof routes.markBookBooked> = async (c) => {
  const caller = callerOf(c);
  const held = await bookings.isBookedBy(c.var.deps.db, c.req.valid('param').id, caller.id);
  return c.json({ modifiedCount: held ? 1 : 0 }, 200);
};

export const listBuyerBookings: AppRouteHandler<typeof routes.listBuyerBookings> = async (c) => {
  const { deps } = c.var;
  const { email } = c.req.valid('param');
  await requireSelfOrAdmin(c, deps, email);
  const query = c.req.valid('query');
  return sendPrivateAnswer<BookingItem[]>(c, { email: email.toLowerCase(), ...query }, async () => {
    const page = await bookings.listBookingsOf(deps.db, viewerOf(c), email, query);
    return pageAnswer(page);
  });
};

export const deleteBooking: AppRouteHandler<typeof routes.deleteBooking> = async (c) => {
  const { deps } = c.var;
  const caller = callerOf(c);
  const deletedCount = await bookings.deleteOwnBooking(deps.db, deps.payments, c.req.valid('param').id, caller.id);
  return c.json({ deletedCount }, 200);
};

export const markBookAvailable: AppRouteHandler<typeof routes.markBookAvailable> = async (c) => {
  const available = await bookings.isAvailable(c.var.deps.db, c.req.valid('param').bookId);
  return c.json({ modifiedCount: available ? 1 : 0 }, 200);
};

export const getBooking: AppRouteHandler<typeof routes.getBooking> = async (c) => {
  const { deps } = c.var;
  return c.json(await bookings.getOwnBooking(deps.db, viewerOf(c), c.req.valid('param').id), 200);
};

export const cancelBooking: AppRouteHandler<typeof routes.cancelBooking> = async (c) => {
  const caller = callerOf(c);
  const modifiedCount = await endBooking.cancelBooking(
    c.var.deps.db,
    c.req.valid('param').id,
    caller,
    c.req.valid('json').reason,
  );
  return c.json({ modifiedCount }, 200);
};
