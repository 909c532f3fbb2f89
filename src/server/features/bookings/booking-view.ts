import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { fromCents } from '#shared/money.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { bundlesOf } from './booking-lines.ts';
import { handoverColumns, toBuyerHandover } from './handover-view.ts';

/** The short number people quote for an order: the first eight characters of its id, in capitals. */
export const orderNumberOf = (id: string) => id.slice(0, 8).toUpperCase();

/** The columns behind the API's booking item (a booking, its book's pictures and its handover). */
export function fromBookingView(db: Db) {
  return db
    .select({
      id: bookings.id,
      bookId: bookings.bookId,
      buyerId: bookings.buyerId,
      bookName: bookings.bookName,
      priceCents: bookings.priceCents,
      discountCents: bookings.discountCents,
      email: bookings.email,
      contact: bookings.contact,
      meetingLocation: bookings.meetingLocation,
      status: bookings.status,
      holdUntil: bookings.holdUntil,
      endReason: bookings.endReason,
      image: books.image,
      thumbnail: books.thumbnail,
      bookedAt: bookings.createdAt,
      sellerName: user.name,
      sellerPhone: books.phone,
      sellerLocation: books.location,
      ...handoverColumns,
    })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .innerJoin(user, eq(user.id, books.sellerId))
    .leftJoin(handovers, eq(handovers.bookingId, bookings.id));
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof fromBookingView>['execute']>>[number];

/** The orders' items with their bundles' books (ADR 031), read in one query for all of them. */
export async function withBundles(db: Db, rows: BookingRow[], items: BookingItem[]): Promise<BookingItem[]> {
  const found = await bundlesOf(db, rows);
  return items.map((item) => ({ ...item, bundle: found.get(item._id)?.bundle ?? null }));
}

/** `viewer`: who reads it (only its buyer gets the handover code) and HANDOVER_PERIOD. */
export function toBookingItem(
  row: BookingRow,
  currency: string,
  viewer: { id: string; handoverMs: number },
): BookingItem {
  return {
    _id: row.id,
    bookId: row.bookId,
    bookName: row.bookName,
    price: fromCents(row.priceCents),
    currency,
    email: row.email,
    contact: row.contact,
    meetinglocation: row.meetingLocation,
    status: row.status,
    holdUntil: row.holdUntil.toISOString(),
    endReason: row.endReason,
    image: row.image,
    thumbnail: row.thumbnail,
    handover: toBuyerHandover(row, viewer),
    orderNumber: orderNumberOf(row.id),
    bookedAt: row.bookedAt.toISOString(),
    seller:
      row.status === 'Paid' && (row.handoverState === 'awaiting' || row.handoverState === 'problemReported')
        ? { name: row.sellerName, phone: row.sellerPhone, location: row.sellerLocation }
        : null,
    bundle: null,
  };
}
