import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { categoryName } from '#shared/category-names.ts';
import { intlLocale, texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { Book, BookDetail } from '#shared/schemas/book.ts';
import { useSignedInAction } from '#web/app/guards.tsx';
import { BookCard } from '#web/components/book-card.tsx';
import { DefectTags } from '#web/components/defect-tags.tsx';
import { FactList } from '#web/components/fact-list.tsx';
import { GoodPriceBadge } from '#web/components/good-price-badge.tsx';
import { SellerRating } from '#web/components/seller-rating.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';
import { useMyOrders } from '#web/features/bookings/bookings.public.ts';
import { AddToBundleButton, BundleOffer } from '#web/features/bundles/bundles.public.ts';
import { AskSellerButton } from '#web/features/conversations/conversations.public.ts';
import { AddToWanted } from '#web/features/wanted/wanted.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { type CurrentUser, useCurrentUser } from '#web/lib/use-current-user.ts';
import { useBook } from './api/get-book.ts';
import { useRelatedBooks } from './api/get-related-books.ts';
import { useBookActions } from './book-actions.tsx';
import { BookGallery } from './book-gallery.tsx';

const m = texts.bookPage;
const dateFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' });
const dateOnly = (iso: string) => dateFormat.format(new Date(iso));

/** Formats an ISBN-13 for reading: 978-0441172719. */
const readableIsbn = (isbn: string) => `${isbn.slice(0, 3)}-${isbn.slice(3)}`;

/**
 * A booked or sold book's state as the person reading sees it: their own booking with its pay-by time and the
 * way to pay, their own purchase, or someone else's booking. Their orders are found in My Orders' first page, where
 * an open booking always is (the newest come first, and one holds at most a few at once).
 */
function OrderState({
  bookId,
  bookStatus,
  signedInEmail,
}: {
  bookId: string;
  bookStatus: BookDetail['status'];
  signedInEmail: string | undefined;
}) {
  const orders = useMyOrders(signedInEmail ?? '', 1, { enabled: Boolean(signedInEmail) });
  const mine = orders.data?.items.find(
    (order) =>
      (order.bookId === bookId || order.bundle?.books.some((line) => line.bookId === bookId)) &&
      (order.status === null || order.status === 'Paid'),
  );
  if (mine?.status === null) {
    return (
      <div className="alert alert-info alert-soft flex flex-wrap justify-between gap-3" data-testid="your-booking">
        <p>{m.yourBooking({ when: formatDateTime(mine.holdUntil) })}</p>
        <Link to={`/dashboard/payment/${mine._id}`} className="btn btn-primary btn-sm">
          {texts.booking.payNow}
        </Link>
      </div>
    );
  }
  if (mine?.status === 'Paid') {
    return (
      <div className="alert alert-success alert-soft flex flex-wrap justify-between gap-3" data-testid="your-purchase">
        <p>{m.yourPurchase}</p>
        <Link to="/dashboard/wishList" className="btn btn-sm">
          {m.toMyOrders}
        </Link>
      </div>
    );
  }
  return bookStatus === 'Booked' ? <p className="alert alert-warning alert-soft">{m.booked}</p> : null;
}

function BookFacts({ book }: { book: BookDetail }) {
  const facts: [string, string][] = [
    [texts.book.condition, texts.conditionNames[book.condition]],
    [texts.book.resalePrice, formatMoney(book.resalePrice, book.currency)],
    [texts.book.originalPrice, formatMoney(book.originalPrice, book.currency)],
    [m.category, book.booksCategory],
    ...(book.isbn ? [[m.isbn, readableIsbn(book.isbn)] as [string, string]] : []),
    ...(book.publisher ? [[m.publisher, book.publisher] as [string, string]] : []),
    ...(book.publicationYear ? [[m.published, String(book.publicationYear)] as [string, string]] : []),
    // Only the buyer of a booking of this book, its seller and admins get the seller's email and phone.
    ...(book.email ? [[texts.book.sellerEmail, book.email] as [string, string]] : []),
    ...(book.phone ? [[texts.book.phone, book.phone] as [string, string]] : []),
    [texts.book.location, book.location],
    [texts.book.purchaseDate, dateOnly(book.purchaseYear)],
    [texts.book.postDate, dateOnly(book.postDate)],
  ];
  return <FactList facts={facts} columnGap="gap-x-4" />;
}

function BookGrid({ heading, books }: { heading: string; books: Book[] }) {
  if (books.length === 0) return null;
  return (
    <section aria-label={heading} className="mt-12">
      <h2 className="mb-4 text-2xl font-bold">{heading}</h2>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        {books.map((book) => (
          <BookCard key={book._id} book={book} />
        ))}
      </div>
    </section>
  );
}

function Gone({ error, bookId, signedInEmail }: { error: unknown; bookId: string; signedInEmail: string | undefined }) {
  const known = error instanceof ApiError && (error.status === 404 || error.status === 410);
  if (!known) return <ErrorState error={error} />;
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">{error.status === 404 ? texts.bookPage.bookNotFound : error.reason}</h1>
      <p className="mt-4">{error.status === 404 ? error.reason : 'Search the store for another copy.'}</p>
      {error.status === 410 && (
        <div className="mx-auto mt-6 max-w-xl text-start">
          <OrderState bookId={bookId} bookStatus="Sold" signedInEmail={signedInEmail} />
        </div>
      )}
      <Link to="/search" className="btn btn-primary mt-6">
        {m.findAnother}
      </Link>
    </div>
  );
}

/**
 * A page load of the book carries its public answer, which never holds the seller's email and phone (lib/page-data.ts).
 * Whoever may read them (its seller, an admin, the buyer of its booking: the server's mayReadContact) gets them by
 * asking once more, signed in, as soon as the page knows who they are; everyone else is not asked again.
 */
function useContactForReader(book: BookDetail | undefined, user: CurrentUser | null, refetch: () => unknown) {
  const asked = useRef('');
  const mayRead =
    book &&
    user &&
    !book.email &&
    (book.sellerId === user.uid || user.capabilities.includes('Admin') || book.status !== 'Available');
  const key = mayRead ? `${user.uid} ${book._id}` : '';
  useEffect(() => {
    if (!key || asked.current === key) return;
    asked.current = key;
    refetch();
  }, [key, refetch]);
}

/** `/books/:id`: every photo, every field of the card, the seller, Book Now and Report this, and related books. */
export function BookPage() {
  const { id = '' } = useParams();
  const book = useBook(id);
  const related = useRelatedBooks(id, book.isSuccess);
  const { user } = useCurrentUser();
  const signedIn = useSignedInAction();
  const actions = useBookActions();
  useDocumentTitle(book.data?.bookName);
  useContactForReader(book.data, user, book.refetch);

  if (book.isPending) return <Spinner />;
  if (book.isError) return <Gone error={book.error} bookId={id} signedInEmail={user?.email} />;
  const data = book.data;
  const own = data.sellerId === user?.uid;
  const bookable = data.status === 'Available' && !own;

  const bookNow = () => signedIn(() => actions.book(data), texts.auth.signInFor.book({ bookName: data.bookName }));

  return (
    <article aria-labelledby="book-heading" className="pb-20 md:pb-0">
      {/* On a phone: the title and price first, then the photos, then the rest; beside the photos from md up. */}
      <div className="grid grid-cols-1 gap-x-8 gap-y-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:grid-rows-[auto_1fr]">
        <div className="space-y-3 md:col-start-2 md:row-start-1">
          <p className="text-sm uppercase tracking-wide text-base-content/70">
            <Link className="link link-hover" to={`/search?category=${encodeURIComponent(data.booksCategory)}`}>
              {categoryName(data.booksCategory)}
            </Link>
          </p>
          <h1 id="book-heading" className="text-2xl font-bold leading-tight wrap-anywhere sm:text-3xl">
            <bdi>{data.bookName}</bdi>
          </h1>
          {data.author && (
            <p className="text-lg">
              <Link className="link link-hover" to={`/search?q=${encodeURIComponent(data.author)}`}>
                {m.by({ author: data.author })}
              </Link>
            </p>
          )}
          <p className="flex flex-wrap items-baseline gap-3" data-testid="book-price">
            <span className="text-3xl font-semibold text-primary">{formatMoney(data.resalePrice, data.currency)}</span>
            <span className="text-base-content/70 line-through" title={texts.book.originalPrice}>
              {formatMoney(data.originalPrice, data.currency)}
            </span>
            <span className="badge badge-ghost">{texts.conditionNames[data.condition]}</span>
            <GoodPriceBadge book={data} large />
          </p>
        </div>
        <div className="md:col-start-1 md:row-span-2 md:row-start-1">
          <BookGallery photos={data.photos} bookName={data.bookName} />
        </div>
        <div className="space-y-4 md:col-start-2 md:row-start-2">
          {data.status !== 'Available' && (
            <OrderState bookId={data._id} bookStatus={data.status} signedInEmail={user?.email} />
          )}
          <DefectTags defects={data.defects} variant="list" />
          <p dir="auto" className="whitespace-pre-line">
            {data.description}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base-content/70">{m.seller}:</span>
            <Link className="link link-hover font-semibold" to={`/sellers/${data.sellerId}`}>
              <bdi>{data.SellerName}</bdi>
            </Link>
            <VerifiedBadge verified={data.sellerVerified} small />
            <SellerRating seller={data} />
          </p>
          <BundleOffer sellerId={data.sellerId} />
          <BookFacts book={data} />
          {!own && !data.email && <p className="text-sm text-base-content/70">{texts.book.contactThroughAsk}</p>}
          {own && <p className="text-sm text-base-content/70">{texts.book.yourOwn}</p>}
          {!user && <p className="text-sm text-base-content/70">{m.signInToBook}</p>}
          <div className="flex flex-wrap gap-3 pt-2">
            <button
              type="button"
              className="btn btn-primary hidden md:inline-flex"
              disabled={!bookable}
              onClick={bookNow}
            >
              {texts.book.bookNow}
            </button>
            <AddToBundleButton book={data} />
            {!own && <AskSellerButton bookId={data._id} whenSignedIn={signedIn} />}
            <button
              type="button"
              className="btn btn-outline btn-warning"
              disabled={own}
              onClick={() => signedIn(() => actions.report(data), texts.auth.signInFor.report)}
            >
              {texts.book.reportThis}
            </button>
            {own && data.status === 'Available' && !data.reported && (
              <Link to={`/dashboard/editBook/${data._id}`} className="btn btn-outline">
                {texts.myProducts.edit}
              </Link>
            )}
            {data.isbn && !own && <AddToWanted entry={{ isbn: data.isbn }} label={texts.wanted.addIsbn} />}
          </div>
        </div>
      </div>
      {/* On a phone, Book Now stays in reach at the bottom of the screen, with the price beside it. */}
      <div
        className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-base-300 bg-base-100/95 px-4 py-3 backdrop-blur md:hidden"
        data-testid="book-now-bar"
      >
        <span className="text-xl font-semibold text-primary">{formatMoney(data.resalePrice, data.currency)}</span>
        <button type="button" className="btn btn-primary" disabled={!bookable} onClick={bookNow}>
          {texts.book.bookNow}
        </button>
      </div>
      {related.data && (
        <>
          <BookGrid heading={m.sellerBooks({ name: data.SellerName })} books={related.data.sellerBooks} />
          <BookGrid heading={m.similar} books={related.data.similar} />
        </>
      )}
      {actions.dialogs}
    </article>
  );
}
