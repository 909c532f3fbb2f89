import { useState } from 'react';
import { Link } from 'react-router';
import { categoryName } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import { orderName } from '#shared/order-name.ts';
import type { Book, SellerBook } from '#shared/schemas/book.ts';
import { BookLink } from '#web/components/book-card.tsx';
import { BookListItem } from '#web/components/book-list-item.tsx';
import type { NamedBooking } from '#web/components/booking-field-dialog.tsx';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { ItemButton, ItemMutationButton } from '#web/components/item-button.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { CancelBookingDialog } from '#web/features/bookings/bookings.public.ts';
import { BundleDiscountCard, OrderBundleBooks } from '#web/features/bundles/bundles.public.ts';
import { ConversationLink } from '#web/features/conversations/conversations.public.ts';
import { SellerHandoverStatus } from '#web/features/handovers/handovers.public.ts';
import { ReviewButton } from '#web/features/reviews/reviews.public.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { myBooksPageSize, useSellerBooks } from './api/get-seller-books.ts';
import { useAdvertiseBook, useDeleteBook } from './use-books.ts';

const m = texts.myProducts;

/** Advertising and deleting are only for an Available book nobody reported (the server enforces it too). */
const isListed = (book: Book) => book.status === 'Available' && !book.reported;

function StatusBadges({ book }: { book: Book }) {
  return (
    <div className="flex flex-wrap gap-1">
      <span className={`badge badge-sm ${book.status === 'Available' ? 'badge-success' : 'badge-neutral'}`}>
        {texts.statusNames[book.status]}
      </span>
      {book.advertise && <span className="badge badge-sm badge-info">{m.advertised}</span>}
      {book.reported && <span className="badge badge-sm badge-warning">{m.reportedNote}</span>}
    </div>
  );
}

/** The buyer's phone and the meeting place they asked for. */
function BuyerContact({ booking }: { booking: NonNullable<SellerBook['booking']> }) {
  const row = 'flex flex-wrap gap-x-1';
  return (
    <>
      <div className={row}>
        <dt className="text-base-content/70">{m.booking.buyerPhone}:</dt>
        <dd>
          <a className="link" href={`tel:${booking.contact.replace(/[^\d+]/g, '')}`}>
            {booking.contact}
          </a>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-base-content/70">{texts.orders.meetingPlace}:</dt>
        <dd>{booking.meetinglocation || <span className="text-base-content/70">{texts.orders.noPlace}</span>}</dd>
      </div>
    </>
  );
}

/**
 * Who booked the book and how to meet them (while it awaits payment), or who bought it, and until the handover
 * how to reach them (once paid).
 */
function BookingDetails({ book }: { book: SellerBook }) {
  const { booking } = book;
  if (!booking) return null;
  // A bundle's order is shown whole on its first book; its other books point there (ADR 031).
  if (booking.bundle && booking.bundleLeadBookId !== book._id) {
    const lead = booking.bundle.books.find((line) => line.bookId === booking.bundleLeadBookId);
    return (
      <p className="text-sm text-base-content/80" data-testid="bundle-part">
        {texts.bundles.partOfBundle({ lead: lead?.bookName ?? '' })}
      </p>
    );
  }
  const bundle = <OrderBundleBooks bundle={booking.bundle} currency={book.currency} />;
  const name = orderName({ bookName: book.bookName, bundle: booking.bundle });
  if (booking.status === 'Paid') {
    const meetingAhead = booking.handover?.state === 'awaiting' || booking.handover?.state === 'problemReported';
    return (
      <div className="space-y-1 text-sm break-words" data-testid="booking">
        <p>
          {m.booking.soldTo({ buyer: booking.buyerName })} ·{' '}
          <span className="badge badge-sm badge-success">{m.booking.paid}</span>
        </p>
        {bundle}
        {meetingAhead && (
          <dl>
            <BuyerContact booking={booking} />
          </dl>
        )}
        <SellerHandoverStatus bookingId={booking._id} bookName={name} handover={booking.handover} />
        <BuyerConversation book={book} />
        <ReviewButton bookingId={booking._id} bookName={name} />
      </div>
    );
  }
  return (
    <div className="text-sm break-words" data-testid="booking">
      <p className="font-medium">{m.booking.bookedBy({ buyer: booking.buyerName })}</p>
      {bundle}
      <dl>
        <BuyerContact booking={booking} />
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-base-content/70">{m.booking.payBy}:</dt>
          <dd>
            <time dateTime={booking.holdUntil}>{formatDateTime(booking.holdUntil)}</time>
          </dd>
        </div>
      </dl>
      <BuyerConversation book={book} />
    </div>
  );
}

/** The link to the conversation with the buyer of the book's booking. */
function BuyerConversation({ book }: { book: SellerBook }) {
  const buyerId = book.booking?.buyerId;
  if (!buyerId) return null;
  return <ConversationLink bookId={book._id} buyerId={buyerId} label={texts.conversations.talkToBuyer} />;
}

/** A book in My Products: what it is and how it stands, and what its seller may do with it now. */
function ProductItem({
  book,
  advertise,
  onDelete,
  onCancelBooking,
}: {
  book: SellerBook;
  advertise: Parameters<typeof ItemMutationButton>[0]['mutation'];
  onDelete: () => void;
  onCancelBooking: (booking: NamedBooking) => void;
}) {
  // A bundle's booking is named by its books, in the page's language (ADR 031).
  const booked = book.booking && {
    bookingId: book.booking._id,
    bookName: orderName({ bookName: book.bookName, bundle: book.booking.bundle }),
  };
  return (
    <BookListItem
      thumbnail={book.thumbnail}
      testId="my-product"
      wideFrom="sm"
      actions={
        <>
          {isListed(book) && (
            <Link
              to={`/dashboard/editBook/${book._id}`}
              className="btn btn-sm btn-outline"
              aria-label={`${m.edit}: ${book.bookName}`}
            >
              {m.edit}
            </Link>
          )}
          {isListed(book) && !book.advertise && (
            <ItemMutationButton
              action={m.advertise}
              item={book.bookName}
              className="btn-sm btn-primary"
              mutation={advertise}
              id={book._id}
            />
          )}
          {isListed(book) && (
            <ItemButton
              action={m.delete}
              item={book.bookName}
              className="btn-sm btn-outline btn-error"
              onClick={onDelete}
            />
          )}
          {book.booking &&
            book.booking.status === null &&
            (!book.booking.bundle || book.booking.bundleLeadBookId === book._id) && (
              <ItemButton
                action={texts.cancelBooking.action}
                item={booked?.bookName ?? book.bookName}
                className="btn-sm btn-outline btn-error"
                onClick={() => booked && onCancelBooking(booked)}
              />
            )}
        </>
      }
    >
      <h2 className="font-semibold">
        <BookLink book={book} />
      </h2>
      <p className="text-sm">
        {formatMoney(book.resalePrice, book.currency)} · {categoryName(book.booksCategory)}
      </p>
      <StatusBadges book={book} />
      <BookingDetails book={book} />
    </BookListItem>
  );
}

export function MyProductsPage() {
  const { user } = useCurrentUser();
  const paging = usePaging(myBooksPageSize);
  const books = useSellerBooks(user?.email ?? '', paging.page);
  const advertise = useAdvertiseBook();
  const deleting = useConfirmRemoval(useDeleteBook(), {
    title: texts.dashboard.confirmDelete,
    confirmLabel: m.delete,
  });
  const [toCancel, setToCancel] = useState<NamedBooking | null>(null);

  return (
    <PageSection title={texts.dashboard.myProducts}>
      <BundleDiscountCard />
      <PagedItems query={books} {...paging} empty={m.empty} keyOf={(book) => book._id}>
        {(book) => (
          <ProductItem
            book={book}
            advertise={advertise}
            onDelete={() => deleting.ask(book)}
            onCancelBooking={setToCancel}
          />
        )}
      </PagedItems>
      {deleting.dialog}
      <CancelBookingDialog booking={toCancel} onClose={() => setToCancel(null)} />
    </PageSection>
  );
}
