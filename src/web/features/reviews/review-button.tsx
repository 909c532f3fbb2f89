import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { canReview } from '#shared/reviews.ts';
import { ItemButton } from '#web/components/item-button.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { usePendingReviews } from './api/get-pending-reviews.ts';
import { ReviewDialog } from './review-dialog.tsx';

const t = texts.reviews;

/**
 * 'Review' on a handed-over order (My Orders, My Products) while its review window is open and the reader has not
 * reviewed it yet; nothing otherwise.
 */
export function ReviewButton({ bookingId, bookName }: { bookingId: string; bookName: string }) {
  const pending = usePendingReviews();
  const [open, setOpen] = useState(false);
  const mine = pending.data?.find((item) => item.bookingId === bookingId);
  if (!mine || !canReview(mine)) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ItemButton action={t.review} item={bookName} className="btn-sm btn-secondary" onClick={() => setOpen(true)} />
      <span className="text-xs text-base-content/70">
        {t.reviewUntil({ when: formatDateTime(mine.windowClosesAt) })}
      </span>
      <ReviewDialog pending={open ? mine : null} onClose={() => setOpen(false)} />
    </div>
  );
}
