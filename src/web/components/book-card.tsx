import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/money.ts';
import type { Book } from '../../shared/schemas/book.ts';

/** A book in a grid: its cover thumbnail, name, prices and condition; `children` adds details or actions. */
export function BookCard({ book, children, eager = false }: { book: Book; children?: ReactNode; eager?: boolean }) {
  return (
    <article className="card card-border bg-base-100 shadow-sm">
      <Link to={`/books/${book._id}`} tabIndex={-1} className="block bg-base-200">
        <img
          src={book.thumbnail}
          alt={`Cover of ${book.bookName}`}
          width={400}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-[2/3] w-full object-cover"
        />
      </Link>
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-lg leading-snug">
          <Link to={`/books/${book._id}`} className="link link-hover">
            {book.bookName}
          </Link>
        </h3>
        <p className="text-sm text-base-content/70">{book.author ?? book.booksCategory}</p>
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="text-xl font-semibold text-primary">{formatMoney(book.resalePrice, book.currency)}</span>
          <span className="text-sm text-base-content/70 line-through" title="Original price">
            {formatMoney(book.originalPrice, book.currency)}
          </span>
          <span className="badge badge-ghost badge-sm">{book.condition}</span>
        </p>
        {children}
      </div>
    </article>
  );
}
