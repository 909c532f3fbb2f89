import { texts } from '#shared/i18n/texts.ts';
import type { OrderBundleNames } from '#shared/schemas/bundle-order.ts';

/** The name an order of several books goes by (mails, lists), in the language of the moment, kept short. */
export function bundleOrderName(names: readonly string[]): string {
  const full = texts.bundles.orderName({ count: names.length, names: names.join(', ') });
  return full.length <= 200 ? full : `${full.slice(0, 199)}…`;
}

/**
 * What an order is named by, in answers and in mail data: the name kept on its booking (its book's; a bundle's in
 * the language it was booked in), and a bundle's books in the buyer's order (null for an order of one book).
 */
export type OrderNaming = { bookName: string; bundle: OrderBundleNames };

/** Just what names an order, of a row or an answer that holds more (a mail's data keeps no more). */
export const orderNamingOf = ({ bookName, bundle }: OrderNaming): OrderNaming => ({
  bookName,
  bundle: bundle && { books: bundle.books.map((line) => ({ bookName: line.bookName })) },
});

/** An order's name in the language of the moment: its book's, or a bundle's books' (ADR 031). */
export function orderName(order: OrderNaming): string {
  return order.bundle ? bundleOrderName(order.bundle.books.map((line) => line.bookName)) : order.bookName;
}
