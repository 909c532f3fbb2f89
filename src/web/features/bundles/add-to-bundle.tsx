import { Link } from 'react-router';
import { bundleMaxBooks } from '#shared/bundles.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { Book } from '#shared/schemas/book.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { addToBundle, emptyBundle, useDraftBundle } from './bundle-store.ts';
import { useSellerDiscount } from './use-bundles.ts';

const t = texts.bundles;

/**
 * "Add to a bundle" for an Available book of someone else's: adds it to the buyer's bundle of this seller's books,
 * or says it is in it (a link to the bundle), or, while the bundle holds another seller's books, offers to start
 * over with this seller.
 */
export function AddToBundleButton({ book, size = 'md' }: { book: Book; size?: 'sm' | 'md' }) {
  const { user } = useCurrentUser();
  const bundle = useDraftBundle();
  if (book.status !== 'Available' || book.sellerId === user?.uid) return null;
  // On a card the button fills the card's width and may wrap, so a narrow card keeps it readable.
  const btn = size === 'sm' ? 'btn btn-sm h-auto min-h-8 w-full py-1 leading-tight' : 'btn';
  const item = { id: book._id, name: book.bookName, sellerId: book.sellerId, sellerName: book.SellerName };
  if (bundle?.books.some((b) => b.id === book._id)) {
    return (
      <Link to="/bundle" className={`${btn} btn-success btn-soft`} aria-label={t.addedAria({ book: book.bookName })}>
        <span>
          <span aria-hidden="true">✓ </span>
          {t.added}
        </span>
      </Link>
    );
  }
  if (bundle && bundle.sellerId !== book.sellerId) {
    return (
      <div className="space-y-1 text-sm" data-testid="bundle-other-seller">
        <p className="text-base-content/70">{t.otherSeller}</p>
        <button
          type="button"
          className={`${btn} btn-outline`}
          onClick={() => {
            emptyBundle();
            addToBundle(item);
          }}
        >
          {t.startOver}
        </button>
      </div>
    );
  }
  if (bundle && bundle.books.length >= bundleMaxBooks) {
    return <p className="text-sm text-base-content/70">{t.full({ max: bundleMaxBooks })}</p>;
  }
  return (
    <button
      type="button"
      className={`${btn} btn-outline btn-secondary`}
      aria-label={t.addAria({ book: book.bookName })}
      onClick={() => addToBundle(item)}
    >
      {t.add}
    </button>
  );
}

/** The seller's bundle discount, told to buyers where they can bundle (nothing when there is none). */
export function BundleOffer({ sellerId, className = '' }: { sellerId: string; className?: string }) {
  const { user } = useCurrentUser();
  const discount = useSellerDiscount(sellerId, sellerId !== user?.uid).data?.discount;
  if (!discount) return null;
  return (
    <p
      className={`badge badge-secondary badge-soft flex h-auto w-fit py-1 text-sm ${className}`}
      data-testid="bundle-offer"
    >
      {t.offer({ percent: discount.percent, minBooks: discount.minBooks })}
    </p>
  );
}

/** While the buyer bundles: how many books the bundle holds and the way to it, at the bottom of the screen. */
export function BundleBar() {
  const bundle = useDraftBundle();
  if (!bundle) return null;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 border-t border-base-300 bg-base-100/95 px-4 py-3 backdrop-blur"
      data-testid="bundle-bar"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 font-medium" aria-live="polite">
          {t.bar({ count: bundle.books.length })}
          <bdi className="block truncate text-sm font-normal text-base-content/70">{bundle.sellerName}</bdi>
        </p>
        <Link to="/bundle" className="btn btn-primary shrink-0">
          {t.open}
        </Link>
      </div>
    </div>
  );
}
