import { asc, inArray } from 'drizzle-orm';
import { bookingBooks } from '#server/db/schema/orders.ts';
import type { Queryable } from '#server/db/transaction.ts';
import { fromCents } from '#shared/money.ts';
import type { OrderBundle } from '#shared/schemas/bundle-order.ts';

/** A bundle order's books and prices as its answers show them (ADR 031), with its first book's id. */
export interface BundleOfOrder {
  bundle: NonNullable<OrderBundle>;
  leadBookId: string;
}

/**
 * The bundles among these orders, by order id, read in one query: each bundle's books in the buyer's order, their
 * prices, and what the discount took. An order of one book has no lines and is not in the map.
 */
export async function bundlesOf(
  db: Queryable,
  orders: { id: string; discountCents: number }[],
): Promise<Map<string, BundleOfOrder>> {
  const found = new Map<string, BundleOfOrder>();
  if (orders.length === 0) return found;
  const lines = await db
    .select()
    .from(bookingBooks)
    .where(
      inArray(
        bookingBooks.bookingId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(bookingBooks.bookingId), asc(bookingBooks.position));
  const discounts = new Map(orders.map((order) => [order.id, order.discountCents]));
  for (const line of lines) {
    let entry = found.get(line.bookingId);
    if (!entry) {
      entry = {
        leadBookId: line.bookId,
        bundle: { books: [], subtotal: 0, discount: fromCents(discounts.get(line.bookingId) ?? 0) },
      };
      found.set(line.bookingId, entry);
    }
    entry.bundle.books.push({
      bookId: line.bookId,
      bookName: line.bookName,
      price: fromCents(line.priceCents),
      charged: fromCents(line.chargedCents),
    });
    entry.bundle.subtotal = fromCents(Math.round(entry.bundle.subtotal * 100) + line.priceCents);
  }
  return found;
}
