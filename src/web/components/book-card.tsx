import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';
import { DefectTags } from './defect-tags.tsx';
import { GoodPriceBadge } from './good-price-badge.tsx';

/**
 * A book in a grid: its cover thumbnail, name, prices and condition; `children` adds details or actions. Its name is a
 * heading one level below the grid's own (`level`, 3 unless told).
 */
export function BookCard({
  book,
  children,
  eager = false,
  level = 3,
}: {
  book: Book;
  children?: ReactNode;
  eager?: boolean;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card card-border bg-base-100 shadow-sm">
      <BookCoverLink
        book={book}
        className="block bg-base-200"
        imageClassName="aspect-[2/3] w-full object-cover"
        eager={eager}
      />
      <div className="card-body gap-2 p-4">
        <Heading className="card-title text-lg leading-snug">
          <BookLink book={book} />
        </Heading>
        <p className="text-sm text-base-content/70">{book.author ?? book.booksCategory}</p>
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="text-xl font-semibold text-primary">{formatMoney(book.resalePrice, book.currency)}</span>
          <span className="text-sm text-base-content/70 line-through" title="Original price">
            {formatMoney(book.originalPrice, book.currency)}
          </span>
          <span className="badge badge-ghost badge-sm">{book.condition}</span>
          <GoodPriceBadge book={book} />
        </p>
        <DefectTags defects={book.defects} />
        {children}
      </div>
    </article>
  );
}

/** A book's cover thumbnail, also a link to its page but out of the tab order (its name is the link to tab to). */
export function BookCoverLink({
  book,
  className,
  imageClassName,
  eager,
  fetchPriority,
}: {
  book: Pick<Book, '_id' | 'bookName' | 'thumbnail'>;
  className: string;
  imageClassName: string;
  eager: boolean;
  fetchPriority?: 'high' | 'auto';
}) {
  return (
    <Link to={`/books/${book._id}`} tabIndex={-1} className={className}>
      <img
        src={book.thumbnail}
        alt={`Cover of ${book.bookName}`}
        width={400}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={fetchPriority}
        className={imageClassName}
      />
    </Link>
  );
}

/** A book's name, the link to its page. */
export function BookLink({ book }: { book: Pick<Book, '_id' | 'bookName'> }) {
  return (
    <Link to={`/books/${book._id}`} className="link link-hover">
      {book.bookName}
    </Link>
  );
}
