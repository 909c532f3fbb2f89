import { texts } from '#shared/i18n/texts.ts';
import type { OrderBundle } from '#shared/schemas/bundle-order.ts';

/** The name an order of several books goes by (mails, lists), in the language of the moment, kept short. */
export function bundleOrderName(names: readonly string[]): string {
  const full = texts.bundles.orderName({ count: names.length, names: names.join(', ') });
  return full.length <= 200 ? full : `${full.slice(0, 199)}…`;
}

/**
 * An order's name as its lists show it: its book's, or a bundle's books' in the language of the moment (the name
 * kept on a bundle's booking is in the language it was booked in).
 */
export function orderName(order: { bookName: string; bundle: OrderBundle }): string {
  return order.bundle ? bundleOrderName(order.bundle.books.map((line) => line.bookName)) : order.bookName;
}
