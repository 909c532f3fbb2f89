import type { Context } from 'hono';
import { requireSelfOrAdmin } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import type * as routes from './bookings.routes.ts';
import {
  bookBook,
  deleteOwnBooking,
  getOwnBooking,
  isAvailable,
  isBookedBy,
  listBookingsOf,
} from './bookings.service.ts';
import { cancelBooking } from './end-booking.service.ts';

/** The caller as a reader of bookings. */
const viewerOf = (c: Context<AppEnv>) => ({
  id: callerOf(c).id,
  currency: c.var.deps.env.CURRENCY,
  handoverMs: c.var.deps.env.HANDOVER_PERIOD,
});

export const book: AppRouteHandler<typeof routes.book> = async (c) => {
  const { deps } = c.var;
  const buyer = callerOf(c);
  const { bookId, contact, meetinglocation } = c.req.valid('json');
  const insertedId = await bookBook(deps.db, {
    bookId,
    buyer,
    contact,
    meetingLocation: meetinglocation,
    holdMs: deps.env.BOOKING_HOLD,
    currency: deps.env.CURRENCY,
  });
  return c.json({ acknowledged: true, insertedId }, 200);
};

export const bookedStatus: AppRouteHandler<typeof routes.bookedStatus> = async (c) => {
  const caller = callerOf(c);
  const held = await isBookedBy(c.var.deps.db, c.req.valid('param').id, caller.id);
  return c.json({ modifiedCount: held ? 1 : 0 }, 200);
};

export const wishList: AppRouteHandler<typeof routes.wishList> = async (c) => {
  const { deps } = c.var;
  const { email } = c.req.valid('param');
  await requireSelfOrAdmin(c, deps, email);
  const query = c.req.valid('query');
  return sendPrivateAnswer<BookingItem[]>(c, { email: email.toLowerCase(), ...query }, async () => {
    const page = await listBookingsOf(deps.db, viewerOf(c), email, query);
    return pageAnswer(page);
  });
};

export const removeOrder: AppRouteHandler<typeof routes.removeOrder> = async (c) => {
  const { deps } = c.var;
  const caller = callerOf(c);
  const deletedCount = await deleteOwnBooking(deps.db, deps.payments, c.req.valid('param').id, caller.id);
  return c.json({ deletedCount }, 200);
};

export const availableStatus: AppRouteHandler<typeof routes.availableStatus> = async (c) => {
  const available = await isAvailable(c.var.deps.db, c.req.valid('param').bookId);
  return c.json({ modifiedCount: available ? 1 : 0 }, 200);
};

export const bookingItem: AppRouteHandler<typeof routes.bookingItem> = async (c) => {
  const { deps } = c.var;
  return c.json(await getOwnBooking(deps.db, viewerOf(c), c.req.valid('param').id), 200);
};

export const cancel: AppRouteHandler<typeof routes.cancel> = async (c) => {
  const caller = callerOf(c);
  const modifiedCount = await cancelBooking(c.var.deps.db, c.req.valid('param').id, caller, c.req.valid('json').reason);
  return c.json({ modifiedCount }, 200);
};
