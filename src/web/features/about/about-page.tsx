import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { BookCard } from '#web/components/book-card.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { useAllBooks } from '#web/features/books/books.public.ts';
import { HistoryArticle } from './history-article.tsx';

function AllBooks() {
  const books = useAllBooks();
  return (
    <QueryView query={books} isEmpty={(page) => page.items.length === 0} empty={texts.about.noBooks}>
      {(page) => (
        <>
          <p className="mb-4 text-base-content/70">
            {texts.about.showing({ shown: page.items.length, total: page.total })}
          </p>
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.items.map((book) => (
              <BookCard key={book._id} book={book} level={2} />
            ))}
          </div>
        </>
      )}
    </QueryView>
  );
}

export function AboutPage() {
  const [showBooks, setShowBooks] = useState(false);
  return (
    <div className="space-y-10">
      <section aria-labelledby="books-heading">
        <h1 id="books-heading" className="mb-4 text-3xl font-bold">
          {texts.about.heading}
        </h1>
        {showBooks ? (
          <AllBooks />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setShowBooks(true)}>
            {texts.about.showAllBooks}
          </button>
        )}
      </section>
      <HistoryArticle />
    </div>
  );
}
