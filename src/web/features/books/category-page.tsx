import { useParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { RequireAuth } from '#web/app/guards.tsx';
import { PageControls, usePageParam } from '#web/components/page-controls.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { categoryPageSize, useCategoryBooks } from './api/get-category-books.ts';
import { useBookActions } from './book-actions.tsx';
import { CategoryBookGrid } from './category-book-grid.tsx';

function CategoryBooks({ name }: { name: string }) {
  const [page, setPage] = usePageParam();
  const books = useCategoryBooks(name, page);
  const actions = useBookActions();

  return (
    <section aria-labelledby="category-heading">
      <p className="text-sm uppercase tracking-wide text-base-content/70">{name}</p>
      <QueryView query={books}>
        {({ items, total }) => (
          <>
            <h1 id="category-heading" className="mb-6 text-3xl font-bold">
              {texts.category.count({ n: total })}
            </h1>
            <CategoryBookGrid books={items} onReport={actions.report} onBook={actions.book} />
            <PageControls page={page} pageSize={categoryPageSize} total={total} onPage={setPage} />
          </>
        )}
      </QueryView>
      {actions.dialogs}
    </section>
  );
}

export function CategoryPage() {
  const { name = '' } = useParams();
  return (
    // Signed-out visitors get the public search with this category chosen instead of the Login form.
    <RequireAuth signedOutTo={`/search?category=${encodeURIComponent(name)}`}>
      <CategoryBooks key={name} name={name} />
    </RequireAuth>
  );
}
