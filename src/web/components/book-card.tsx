import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryName } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';
import { DefectTags } from './defect-tags.tsx';
import { GoodPriceBadge } from './good-price-badge.tsx';
import { SellerRating } from './seller-rating.tsx';

/**
 * A book in a grid: its cover thumbnail, name, prices and condition; `children` adds details or actions. Its name is a
 * heading one level below the grid's own (`level`, 3 unless told).
 */
export function BookCard({
  book,
  children,
  eager = false,
  level = 3,
  showSeller = true,
}: {
  book: Book;
  children?: ReactNode;
  eager?: boolean;
  level?: 2 | 3;
  /** The seller's name and rating (left out on the seller's own page). */
  showSeller?: boolean;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card card-border bg-base-100 shadow-sm">
      <BookCoverLink book={book} look="grid" eager={eager} />
      <div className="card-body gap-1 p-3 sm:gap-2 sm:p-4">
        {/*
          A name of one long word (or markup typed as a name) wraps anywhere rather than widen a phone's grid, and a
          phone's compact card shows at most three lines of it (the book's page has it whole).
        */}
        <Heading className="card-title line-clamp-3 text-base leading-snug wrap-anywhere sm:line-clamp-none sm:text-lg">
          <BookLink book={book} />
        </Heading>
        <p className="truncate text-sm text-base-content/70">
          <bdi>{book.author ?? categoryName(book.booksCategory)}</bdi>
        </p>
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-lg font-semibold text-primary sm:text-xl">
            {formatMoney(book.resalePrice, book.currency)}
          </span>
          <span className="hidden text-sm text-base-content/70 line-through sm:inline" title={texts.book.originalPrice}>
            {formatMoney(book.originalPrice, book.currency)}
          </span>
          <span className="badge badge-ghost badge-sm">{texts.conditionNames[book.condition]}</span>
          <GoodPriceBadge book={book} />
        </p>
        <DefectTags defects={book.defects} />
        {showSeller && (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-base-content/80">
            {/* A phone's two cards a row keep to the rating (the name is on the book's page). */}
            <span className="hidden sm:inline">{book.SellerName}</span>
            <SellerRating seller={book} />
          </p>
        )}
        {children}
      </div>
    </article>
  );
}

/** How a cover stands: filling a grid card's width, or whole and centred on a listing's card. */
const coverLooks = {
  grid: { link: 'block bg-base-200', image: 'aspect-[2/3] w-full object-cover' },
  listing: {
    link: 'flex justify-center bg-base-200 p-2 sm:p-4',
    image: 'h-48 w-auto max-w-full object-contain shadow sm:h-64',
  },
};

/** A book's cover thumbnail, also a link to its page but out of the tab order (its name is the link to tab to). */
export function BookCoverLink({
  book,
  look,
  eager,
  fetchPriority,
}: {
  book: Pick<Book, '_id' | 'bookName' | 'thumbnail'>;
  look: keyof typeof coverLooks;
  eager: boolean;
  fetchPriority?: 'high' | 'auto';
}) {
  return (
    <Link to={`/books/${book._id}`} tabIndex={-1} className={coverLooks[look].link}>
      <img
        src={book.thumbnail}
        alt={texts.book.coverOf({ name: book.bookName })}
        width={400}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={fetchPriority}
        className={coverLooks[look].image}
      />
    </Link>
  );
}

/** A book's name, the link to its page. */
export function BookLink({ book }: { book: Pick<Book, '_id' | 'bookName'> }) {
  return (
    <Link to={`/books/${book._id}`} className="link link-hover">
      <bdi>{book.bookName}</bdi>
    </Link>
  );
}
