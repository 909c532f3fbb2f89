import { pageMessages } from '#shared/page-messages.ts';
import type { ReportedBook } from '#shared/schemas/report.ts';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { ReviewListItem } from '#web/components/review-list-item.tsx';
import { HandoverProblemsSection } from '#web/features/handovers/handover-problems-section.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { reportedPageSize, useReportedItems } from './api/get-reported-items.ts';
import { useDismissReports, useRemoveReportedBook } from './use-reported-items.ts';

const m = pageMessages.reports;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Whether enough different users reported the book to take it off every public list. */
function Visibility({ hidden }: { hidden: boolean }) {
  return (
    <span data-testid="report-visibility" className={`badge badge-sm ${hidden ? 'badge-error' : 'badge-neutral'}`}>
      {hidden ? m.hidden : m.stillListed}
    </span>
  );
}

/** Every reason the reporters gave, newest first. */
function Reasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return <p className="text-sm text-base-content/70">{m.noReasons}</p>;
  return (
    <div className="text-sm">
      <p className="font-medium">{m.reasons}</p>
      <ul className="list-disc space-y-0.5 pl-5 break-words" data-testid="report-reasons">
        {reasons.map((reason, index) => (
          // Two reporters may give the same reason; the list only ever changes as a whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: the reasons have no id of their own
          <li key={index}>“{reason}”</li>
        ))}
      </ul>
    </div>
  );
}

/** A reported book in an admin's list: who sells it, how often and why it was reported, and the admin's answers. */
function ReportedItem({
  book,
  dismiss,
  onRemove,
}: {
  book: ReportedBook;
  dismiss: Parameters<typeof ReviewListItem>[0]['dismiss']['mutation'];
  onRemove: () => void;
}) {
  return (
    <ReviewListItem
      item={book.bookName}
      thumbnail={book.thumbnail}
      testId="reported-item"
      dismiss={{ label: m.dismiss, mutation: dismiss, id: book._id }}
      act={{ label: m.remove, onClick: onRemove }}
    >
      <h2 className="font-semibold">{book.bookName}</h2>
      <p className="text-sm text-base-content/70">
        {book.booksCategory} · {book.SellerName} ({book.email})
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span>
          <span data-testid="report-count">{m.reportCount(book.reportCount)}</span> ·{' '}
          {m.lastReported(when(book.lastReportedAt))}
        </span>
        <Visibility hidden={book.hidden} />
      </p>
      <Reasons reasons={book.reasons} />
    </ReviewListItem>
  );
}

export function ReportedItemsPage() {
  const paging = usePaging(reportedPageSize);
  const items = useReportedItems(paging.page);
  const dismiss = useDismissReports();
  const removing = useConfirmRemoval(useRemoveReportedBook(), { title: m.confirmRemove, confirmLabel: m.remove });

  return (
    <PageSection title={pageMessages.dashboard.reportedItems}>
      <PagedItems query={items} {...paging} empty={m.empty} keyOf={(book) => book._id}>
        {(book) => <ReportedItem book={book} dismiss={dismiss} onRemove={() => removing.ask(book)} />}
      </PagedItems>
      {removing.dialog}
      <HandoverProblemsSection />
    </PageSection>
  );
}
