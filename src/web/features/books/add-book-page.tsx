import { Spinner } from '#web/components/spinner.tsx';
import { useMeetupDetails } from '#web/features/users/users.public.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useSellerBooks } from './api/get-seller-books.ts';
import { BookForm } from './book-form.tsx';

/**
 * Add a book: the phone and location start as the meetup details on the seller's profile, or else as their last
 * listing's, so they are not typed every time.
 */
export function AddBookPage() {
  const { user } = useCurrentUser();
  const meetup = useMeetupDetails();
  const last = useSellerBooks(user?.email ?? '', 1);
  // Without an answer (none yet, or a failure), the form starts empty rather than waiting.
  const waiting = (query: { isPending: boolean; isError: boolean }) => query.isPending && !query.isError;
  if (user && (waiting(meetup) || waiting(last))) return <Spinner />;
  const newest = last.data?.items[0];
  const defaults = {
    phone: meetup.data?.phone || newest?.phone || '',
    location: meetup.data?.location || newest?.location || '',
  };
  return <BookForm defaults={defaults} />;
}
