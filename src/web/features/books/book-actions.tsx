import { lazy, Suspense, useState } from 'react';
import type { Book } from '#shared/schemas/book.ts';
import { loadBookingDialog } from '#web/features/bookings/bookings.public.ts';
import { ReportDialog } from './report-dialog.tsx';

// The booking form (and its form library) loads when someone first books, not with the page.
const BookingDialog = lazy(() => loadBookingDialog().then((m) => ({ default: m.BookingDialog })));

/**
 * Book Now and Report this on a page of books: `book` and `report` open the dialog for one book, and `dialogs`
 * is what the page renders once, below its books.
 */
export function useBookActions() {
  const [reporting, setReporting] = useState<Book | null>(null);
  const [booking, setBooking] = useState<Book | null>(null);
  const dialogs = (
    <>
      <ReportDialog book={reporting} onClose={() => setReporting(null)} />
      {booking && (
        <Suspense>
          <BookingDialog book={booking} onClose={() => setBooking(null)} />
        </Suspense>
      )}
    </>
  );
  return { book: setBooking, report: setReporting, dialogs };
}
