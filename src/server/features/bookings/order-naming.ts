import { sql } from 'drizzle-orm';
import { bookingBooks, bookings } from '#server/db/schema/orders.ts';
import type { OrderBundleNames } from '#shared/schemas/bundle-order.ts';

/**
 * What names an order (`orderName`, shared/order-name.ts), as columns of a select of `bookings`: its `book_name`,
 * and a bundle's books' names in the buyer's order read in the same statement (null for a booking of one book,
 * which has no lines). Mail carries them in its data and lists in their answers, so that the order is named in
 * the reader's language: the name kept on a bundle's booking is in the language it was booked in.
 */
export const orderNamingColumns = {
  bookName: bookings.bookName,
  bundle: sql<OrderBundleNames>`(
    select json_build_object('books', json_agg(json_build_object('bookName', ${bookingBooks.bookName}) order by ${bookingBooks.position}))
    from ${bookingBooks} where ${bookingBooks.bookingId} = ${bookings.id} having count(*) > 0)`,
};
