import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { Rating } from '#shared/schemas/book.ts';

/** Five stars, as many filled as the rating rounds to; the words are for screen readers (`label`). */
export function Stars({ stars, label, large = false }: { stars: number; label: string; large?: boolean }) {
  const filled = Math.round(stars);
  return (
    <span role="img" aria-label={label} className={`inline-flex text-warning ${large ? 'text-xl' : 'text-sm'}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? '' : 'text-base-content/25'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** A seller's rating (stars and count, or "New seller"), a link to their page. */
export function SellerRating({
  seller,
  large = false,
}: {
  seller: { sellerId: string; SellerName: string; sellerRating: Rating };
  large?: boolean;
}) {
  const { average, count } = seller.sellerRating;
  return (
    <Link
      to={`/sellers/${seller.sellerId}`}
      className="link link-hover inline-flex items-center gap-1 text-sm"
      data-testid="seller-rating"
    >
      {average === null || count === 0 ? (
        <span className="badge badge-outline badge-sm">{texts.book.newSeller}</span>
      ) : (
        <>
          <Stars stars={average} label={texts.book.rating({ average, count })} large={large} />
          <span aria-hidden="true">
            {average.toFixed(1)} ({count})
          </span>
        </>
      )}
      <span className="sr-only">{texts.book.sellerPageOf({ name: seller.SellerName })}</span>
    </Link>
  );
}
