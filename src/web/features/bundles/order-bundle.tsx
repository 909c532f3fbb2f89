import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { OrderBundle } from '#shared/schemas/bundle-order.ts';

const t = texts.bundles;

/** The books of a bundle order (My Orders, My Products, the payment page) with their prices and the discount. */
export function OrderBundleBooks({ bundle, currency }: { bundle: OrderBundle; currency: string }) {
  if (!bundle) return null;
  return (
    <details className="mt-2 text-sm" data-testid="order-bundle" open>
      <summary className="cursor-pointer font-medium">{t.lineCount({ count: bundle.books.length })}</summary>
      <ul className="mt-1 space-y-1">
        {bundle.books.map((line) => (
          <li key={line.bookId} className="flex justify-between gap-3">
            <Link to={`/books/${line.bookId}`} className="link link-hover min-w-0 break-words">
              <bdi>{line.bookName}</bdi>
            </Link>
            <span className="shrink-0 whitespace-nowrap">{formatMoney(line.price, currency)}</span>
          </li>
        ))}
      </ul>
      {bundle.discount > 0 && (
        <p className="mt-1 text-success">{t.discountNote({ amount: `−${formatMoney(bundle.discount, currency)}` })}</p>
      )}
    </details>
  );
}
