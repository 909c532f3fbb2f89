import type { Book } from '#shared/schemas/book.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { CategoryBookCard } from './category-book-card.tsx';

/** Books as the category page shows them (and search results): a grid of cards, the reader's own marked. */
export function CategoryBookGrid({
  books,
  onReport,
  onBook,
}: {
  books: Book[];
  onReport: (book: Book) => void;
  onBook: (book: Book) => void;
}) {
  const { user } = useCurrentUser();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
      {books.map((book, index) => (
        <CategoryBookCard
          key={book._id}
          book={book}
          position={index}
          own={book.sellerId === user?.uid}
          onReport={() => onReport(book)}
          onBook={() => onBook(book)}
        />
      ))}
    </div>
  );
}
