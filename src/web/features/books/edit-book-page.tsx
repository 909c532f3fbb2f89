import { useParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { BookDetail } from '#shared/schemas/book.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { EmptyState } from '#web/components/states.tsx';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useBook } from './api/get-book.ts';
import { BookForm } from './book-form.tsx';

/** Edit one of the seller's listings while it is on sale: the add-a-book form with its values and photos. */
export function EditBookPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const book = useBook(id);
  // The category menu needs its options before the listing's category can be chosen in it.
  const categories = useCategories();
  const editable = (found: BookDetail) =>
    found.sellerId === user?.uid && found.status === 'Available' && !found.reported;
  return (
    <QueryView query={book}>
      {(found) =>
        !editable(found) ? (
          <PageSection title={texts.addBook.editHeading}>
            <EmptyState>{texts.addBook.notEditable}</EmptyState>
          </PageSection>
        ) : (
          <QueryView query={categories}>
            {/* A new version (after a reload) starts the form again from it. */}
            {() => <BookForm key={found.version} book={found} onReload={() => book.refetch()} />}
          </QueryView>
        )
      }
    </QueryView>
  );
}
