import { Spinner } from '#web/components/spinner.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useSellerBooks } from './api/get-seller-books.ts';
import { BookForm } from './book-form.tsx';

/** Add a book: the phone and location start as the seller's last listing's, so they are not typed every time. */
export function AddBookPage() {
  const { user } = useCurrentUser();
  const last = useSellerBooks(user?.email ?? '', 1);
  // Without an answer (none yet, or a failure), the form starts empty rather than waiting.
  if (last.isPending && user && !last.isError) return <Spinner />;
  const newest = last.data?.items[0];
  return <BookForm defaults={newest ? { phone: newest.phone, location: newest.location } : undefined} />;
}
