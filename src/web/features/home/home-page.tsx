import { Link } from 'react-router';
import { categoryName, inCategoryNameOrder } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { BookCard } from '#web/components/book-card.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { useAdvertisedBooks } from '#web/features/books/books.public.ts';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { BannerCarousel } from './banner-carousel.tsx';

export function HomePage() {
  const categories = useCategories();
  const advertised = useAdvertisedBooks();

  return (
    <div className="space-y-14">
      <BannerCarousel />

      <section id="categories" aria-labelledby="categories-heading" className="scroll-mt-20">
        <h2 id="categories-heading" className="mb-6 text-3xl font-bold">
          {texts.home.categoriesHeading}
        </h2>
        <QueryView query={categories} isEmpty={(list) => list.length === 0} empty={texts.home.noCategories}>
          {(list) => (
            <ul data-testid="category-grid" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {inCategoryNameOrder(list).map((category) => (
                <li key={category._id} className="card card-border bg-base-100">
                  <div className="card-body flex-row items-center justify-between">
                    <h3 className="card-title">{categoryName(category.name)}</h3>
                    <Link
                      to={`/categoryBooks/${encodeURIComponent(category.name)}`}
                      className="btn btn-primary btn-sm"
                      aria-label={`${texts.home.viewCollection}: ${categoryName(category.name)}`}
                    >
                      {texts.home.viewCollection}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>

      <section aria-labelledby="advertised-heading">
        <h2 id="advertised-heading" className="mb-6 text-3xl font-bold">
          {texts.home.advertisedHeading}
        </h2>
        <QueryView query={advertised} isEmpty={(page) => page.items.length === 0} empty={texts.home.noAdvertised}>
          {(page) => (
            <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
              {page.items.map((book) => (
                <BookCard key={book._id} book={book}>
                  <p className="hidden text-sm text-base-content/80 sm:block">{book.location}</p>
                </BookCard>
              ))}
            </div>
          )}
        </QueryView>
      </section>
    </div>
  );
}
