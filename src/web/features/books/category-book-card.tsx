import { intlLocale, texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';
import { BookCoverLink, BookLink } from '#web/components/book-card.tsx';
import { DefectTags } from '#web/components/defect-tags.tsx';
import { FactList } from '#web/components/fact-list.tsx';
import { GoodPriceBadge } from '#web/components/good-price-badge.tsx';
import { ItemButton } from '#web/components/item-button.tsx';
import { SellerRating } from '#web/components/seller-rating.tsx';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';

const dateFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' });
const dateOnly = (iso: string) => dateFormat.format(new Date(iso));

/** A book on its category page: every field of the listing, the seller, and the two actions (book, report). */
export function CategoryBookCard({
  book,
  position,
  own,
  onReport,
  onBook,
}: {
  book: Book;
  /** Its place in the grid: the first row is on screen at once, and the first cover is the largest paint. */
  position: number;
  own: boolean;
  onReport: () => void;
  onBook: () => void;
}) {
  const details: [string, string][] = [
    // The seller's email and phone reach only those allowed to see them; public lists never carry them.
    ...(book.email ? [[texts.book.sellerEmail, book.email] as [string, string]] : []),
    ...(book.phone ? [[texts.book.phone, book.phone] as [string, string]] : []),
    [texts.book.location, book.location],
    [texts.book.originalPrice, formatMoney(book.originalPrice, book.currency)],
    [texts.book.resalePrice, formatMoney(book.resalePrice, book.currency)],
    [texts.book.condition, texts.conditionNames[book.condition]],
    [texts.book.purchaseDate, dateOnly(book.purchaseYear)],
    [texts.book.postDate, dateOnly(book.postDate)],
  ];
  const actions = [
    { action: texts.book.reportThis, className: 'btn-sm btn-outline btn-warning', onClick: onReport },
    { action: texts.book.bookNow, className: 'btn-sm btn-primary', onClick: onBook },
  ];
  return (
    <article className="card card-border bg-base-100 shadow-sm" aria-labelledby={`book-${book._id}`}>
      <BookCoverLink book={book} look="listing" eager={position < 3} fetchPriority={position === 0 ? 'high' : 'auto'} />
      <div className="card-body gap-2 p-3 sm:gap-3 sm:p-4">
        <h2
          id={`book-${book._id}`}
          className="card-title line-clamp-3 text-base leading-snug wrap-anywhere sm:line-clamp-none sm:text-lg"
        >
          <BookLink book={book} />
        </h2>
        {book.author && (
          <p className="truncate text-sm text-base-content/80 sm:-mt-2">{texts.bookPage.by({ author: book.author })}</p>
        )}
        {/* On a phone, two cards a row: the price, the condition and the badges; the page has the rest. */}
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 sm:hidden">
          <span className="text-lg font-semibold text-primary">{formatMoney(book.resalePrice, book.currency)}</span>
          <span className="badge badge-ghost badge-sm">{texts.conditionNames[book.condition]}</span>
        </p>
        <p dir="auto" className="hidden text-sm sm:block">
          {book.description}
        </p>
        {/* A phone's card keeps to the seller's rating; the name and badge are on wider cards and the book's page. */}
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <bdi className="hidden font-semibold sm:inline">{book.SellerName}</bdi>
          <span className="hidden sm:inline-flex">
            <VerifiedBadge verified={book.sellerVerified} small />
          </span>
          <SellerRating seller={book} />
        </p>
        <GoodPriceBadge book={book} />
        <div className="hidden sm:block">
          <FactList facts={details} columnGap="gap-x-3" />
        </div>
        <DefectTags defects={book.defects} />
        {own && <p className="text-sm text-base-content/70">{texts.book.yourOwn}</p>}
        <div className="card-actions mt-2 hidden justify-between sm:flex">
          {actions.map((button) => (
            <ItemButton key={button.action} {...button} item={book.bookName} disabled={own} />
          ))}
        </div>
      </div>
    </article>
  );
}
