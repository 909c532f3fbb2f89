import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bundleMinBooks } from '#shared/bundles.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { BundleQuote } from '#shared/schemas/bundle.ts';
import { useSignedInAction } from '#web/app/guards.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { type DraftBundle, emptyBundle, removeFromBundle, useDraftBundle } from './bundle-store.ts';
import { useBookBundle, useBundleOrder, useBundleQuote } from './use-bundles.ts';

const t = texts.bundles;

function BookRows({ quote }: { quote: BundleQuote }) {
  return (
    <ul className="divide-y divide-base-300" data-testid="bundle-books">
      {quote.books.map((book) => (
        <li key={book._id} className="flex items-center gap-3 py-3" data-testid="bundle-book">
          <img src={book.thumbnail} alt="" width={40} height={60} className="h-15 w-10 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1">
            <Link to={`/books/${book._id}`} className="link link-hover font-medium wrap-anywhere">
              <bdi>{book.bookName}</bdi>
            </Link>
            {!book.available && <span className="badge badge-warning badge-sm mt-1 flex w-fit">{t.unavailable}</span>}
          </div>
          <span className={`shrink-0 whitespace-nowrap ${book.available ? '' : 'text-base-content/50 line-through'}`}>
            {formatMoney(book.price, quote.currency)}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm shrink-0 text-error"
            aria-label={t.removeAria({ book: book.bookName })}
            onClick={() => removeFromBundle([book._id])}
          >
            {t.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}

function PriceSummary({ quote, count }: { quote: BundleQuote; count: number }) {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  const { discount } = quote;
  const more = discount ? discount.minBooks - count : 0;
  return (
    <div className="space-y-2" data-testid="bundle-price">
      <dl className="space-y-1">
        <div className="flex justify-between gap-3">
          <dt>{t.subtotal}</dt>
          <dd>{money(quote.subtotal)}</dd>
        </div>
        {quote.discountAmount > 0 && discount && (
          <div className="flex justify-between gap-3 text-success" data-testid="bundle-discount-line">
            <dt>{t.discountLine({ percent: discount.percent })}</dt>
            <dd>−{money(quote.discountAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-base-300 pt-2 text-lg font-bold">
          <dt>{t.total}</dt>
          <dd data-testid="bundle-total">{money(quote.total)}</dd>
        </div>
      </dl>
      {discount && more > 0 && (
        <p className="alert alert-info alert-soft text-sm">
          {t.addMoreForDiscount({ more, percent: discount.percent })}
        </p>
      )}
    </div>
  );
}

/** Once booked: the hold's end, and paying now or later. */
function Booked({ bookingId }: { bookingId: string }) {
  const order = useBundleOrder(bookingId);
  const payNow = useRef<HTMLAnchorElement>(null);
  useEffect(() => payNow.current?.focus(), []);
  return (
    <div role="status" className="card card-border bg-base-100" data-testid="bundle-booked">
      <div className="card-body gap-3">
        <h2 className="text-xl font-bold">{t.booked}</h2>
        {order.data ? (
          <p>{t.heldUntil({ when: formatDateTime(order.data.holdUntil) })}</p>
        ) : (
          <span className="loading loading-dots loading-sm" aria-hidden="true" />
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Link to="/dashboard/wishList" className="btn btn-ghost">
            {t.payLater}
          </Link>
          <Link ref={payNow} to={`/dashboard/payment/${bookingId}`} className="btn btn-primary">
            {t.payNow}
          </Link>
        </div>
      </div>
    </div>
  );
}

function BookingForm({ quote, onBooked }: { quote: BundleQuote; onBooked: (id: string) => void }) {
  const id = useId();
  const { user } = useCurrentUser();
  const signedIn = useSignedInAction();
  const booking = useBookBundle();
  const [contact, setContact] = useState('');
  const [place, setPlace] = useState('');
  const available = quote.books.filter((book) => book.available);
  const count = available.length;
  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-primary w-full"
        // Clicked while the session is still checked and the person is signed in after all, the form takes its place.
        onClick={() => signedIn(() => {}, t.signInFor)}
      >
        {t.signInToBook}
      </button>
    );
  }
  const error = booking.error instanceof ApiError ? booking.error : null;
  const phoneError = error?.field === 'contact' ? error.reason : null;
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        booking.mutate(
          {
            bookIds: available.map((book) => book._id),
            contact,
            meetinglocation: place,
            total: quote.total,
          },
          { onSuccess: (answer) => onBooked(answer.insertedId) },
        );
      }}
    >
      <p className="text-sm text-base-content/80">{t.oneStep}</p>
      <div>
        <label htmlFor={`${id}-phone`} className="mb-1 block font-medium">
          {t.phone}
        </label>
        <input
          id={`${id}-phone`}
          className={`input w-full ${phoneError ? 'input-error' : ''}`}
          type="tel"
          autoComplete="tel"
          required
          aria-required="true"
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
        {phoneError && (
          <p id={`${id}-phone-error`} className="mt-1 text-sm text-error">
            {phoneError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-place`} className="mb-1 block font-medium">
          {t.meetingPlace} <span className="font-normal text-base-content/70">({t.optional})</span>
        </label>
        <input
          id={`${id}-place`}
          className="input w-full"
          value={place}
          onChange={(event) => setPlace(event.target.value)}
        />
      </div>
      {booking.error && !phoneError && (
        <p role="alert" className="alert alert-error alert-soft">
          {booking.error instanceof ApiError ? booking.error.reason : booking.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={booking.isPending || count < bundleMinBooks}>
        {booking.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {booking.isPending ? t.booking : t.bookIt({ count })}
      </button>
    </form>
  );
}

function Bundle({ draft, onBooked }: { draft: DraftBundle; onBooked: (id: string) => void }) {
  const ids = draft.books.map((book) => book.id);
  const quote = useBundleQuote(ids);
  if (quote.isPending) return <Spinner />;
  if (quote.isError) {
    return (
      <div className="space-y-4">
        <ErrorState error={quote.error} />
        <button type="button" className="btn" onClick={emptyBundle}>
          {t.emptyIt}
        </button>
      </div>
    );
  }
  const data = quote.data;
  const unavailable = data.books.filter((book) => !book.available);
  const count = data.books.length - unavailable.length;
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
      <section className="card card-border bg-base-100" aria-labelledby="bundle-books-heading">
        <div className="card-body gap-2 p-4">
          <h2 id="bundle-books-heading" className="text-lg font-semibold">
            <Link to={`/sellers/${data.seller.id}`} className="link link-hover">
              {t.from({ seller: data.seller.name })}
            </Link>
          </h2>
          <BookRows quote={data} />
          {unavailable.length > 0 && (
            <div className="alert alert-warning alert-soft flex flex-wrap justify-between gap-2" role="alert">
              <p>{t.unavailableNote}</p>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => removeFromBundle(unavailable.map((book) => book._id))}
              >
                {t.removeUnavailable}
              </button>
            </div>
          )}
          <div className="flex flex-wrap gap-2 pt-2">
            <Link to={`/sellers/${data.seller.id}`} className="btn btn-sm btn-outline">
              {t.browseSeller}
            </Link>
            <button type="button" className="btn btn-sm btn-ghost" onClick={emptyBundle}>
              {t.emptyIt}
            </button>
          </div>
        </div>
      </section>
      <section className="card card-border bg-base-100" aria-label={t.total}>
        <div className="card-body gap-4 p-4">
          <PriceSummary quote={data} count={count} />
          {count < bundleMinBooks ? (
            <p className="alert alert-info alert-soft text-sm">{t.needTwo}</p>
          ) : (
            <BookingForm
              quote={data}
              onBooked={(id) => {
                onBooked(id);
                emptyBundle();
              }}
            />
          )}
        </div>
      </section>
    </div>
  );
}

/** `/bundle`: the buyer's bundle of one seller's books, what it costs with the seller's discount, and booking it. */
export function BundlePage() {
  const draft = useDraftBundle();
  const [bookedId, setBookedId] = useState<string | null>(null);
  useDocumentTitle(t.title);
  return (
    <article aria-labelledby="bundle-heading" className="mx-auto max-w-5xl space-y-6">
      <h1 id="bundle-heading" className="text-2xl font-bold sm:text-3xl">
        {t.title}
      </h1>
      {bookedId ? (
        <Booked bookingId={bookedId} />
      ) : draft ? (
        <Bundle draft={draft} onBooked={setBookedId} />
      ) : (
        <p className="text-base-content/80">{t.empty}</p>
      )}
    </article>
  );
}
