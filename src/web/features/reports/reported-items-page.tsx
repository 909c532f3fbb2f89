import { useState } from 'react';
import { Link } from 'react-router';
import { categoryName } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { BookReport, ReportedBook } from '#shared/schemas/report.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { ItemButton, ItemMutationButton } from '#web/components/item-button.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { ReviewListItem } from '#web/components/review-list-item.tsx';
import { ReportedMessagesSection } from '#web/features/conversations/conversations.public.ts';
import { HandoverProblemsSection } from '#web/features/handovers/handovers.public.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { reportedPageSize, useReportedItems } from './api/get-reported-items.ts';
import { useBanReporter, useDismissReports, useRemoveReportedBook, useUnbanReporter } from './use-reported-items.ts';

const m = texts.reports;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Whether the reports that count took the book off every public list. */
function Visibility({ hidden }: { hidden: boolean }) {
  return (
    <span data-testid="report-visibility" className={`badge badge-sm ${hidden ? 'badge-error' : 'badge-neutral'}`}>
      {hidden ? m.hidden : m.stillListed}
    </span>
  );
}

/** Whether one report counts toward hiding the book, and why not. */
function Counting({ report }: { report: BookReport }) {
  if (report.counts) {
    return (
      <span data-testid="report-counts" className="badge badge-sm badge-success">
        {m.counts}
      </span>
    );
  }
  const why = report.reporterBannedAt ? m.whyNotCounting.banned : m.whyNotCounting.newAccount;
  return (
    <span data-testid="report-counts" className="text-base-content/80">
      <span className="badge badge-sm badge-outline me-1">{m.doesNotCount}</span>({why})
    </span>
  );
}

type ReporterActions = {
  myId: string | undefined;
  onBan: (report: BookReport) => void;
  unban: Parameters<typeof ItemMutationButton>[0]['mutation'];
};

/** One report: who made it (name, email), when, why, whether it counts; and the admin's ban or lift of it. */
function Report({ report, actions }: { report: BookReport; actions: ReporterActions }) {
  const own = report.reporterId === actions.myId;
  return (
    <li
      data-testid="report"
      className="flex flex-col gap-2 rounded-box bg-base-200 p-2 text-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="break-words">
          <span className="font-medium" data-testid="reporter">
            {report.reporterName}
          </span>{' '}
          ({report.reporterEmail}) · {m.reportedOn({ when: when(report.reportedAt) })}
        </p>
        <p className="break-words" data-testid="report-reason">
          {report.reason ? `“${report.reason}”` : <span className="text-base-content/70">{m.noReason}</span>}
        </p>
        <p>
          <Counting report={report} />
        </p>
        {report.reporterBannedAt && (
          <p className="text-error" data-testid="reporter-banned">
            {report.reporterBannedBy
              ? m.bannedSinceBy({ when: when(report.reporterBannedAt), by: report.reporterBannedBy })
              : m.bannedSince({ when: when(report.reporterBannedAt) })}
          </p>
        )}
        {report.reporterDismissedReports > 0 && (
          <p className="text-base-content/70">{m.dismissedBefore({ n: report.reporterDismissedReports })}</p>
        )}
      </div>
      {!own && (
        <div className="shrink-0">
          {report.reporterBannedAt ? (
            <ItemMutationButton
              action={m.unban}
              item={report.reporterName}
              className="btn-xs btn-outline"
              mutation={actions.unban}
              id={report.reporterId}
            />
          ) : (
            <ItemButton
              action={m.ban}
              item={report.reporterName}
              className="btn-xs btn-outline btn-error"
              onClick={() => actions.onBan(report)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** A reported book in an admin's list: who sells it, who reported it and why, and the admin's answers. */
function ReportedItem({
  book,
  dismiss,
  onRemove,
  reporterActions,
}: {
  book: ReportedBook;
  dismiss: Parameters<typeof ReviewListItem>[0]['dismiss']['mutation'];
  onRemove: () => void;
  reporterActions: ReporterActions;
}) {
  return (
    <ReviewListItem
      item={book.bookName}
      thumbnail={book.thumbnail}
      testId="reported-item"
      dismiss={{ label: m.dismiss, mutation: dismiss, id: book._id }}
      act={{ label: m.remove, onClick: onRemove }}
    >
      <h2 className="font-semibold break-words">
        {book.hidden ? (
          book.bookName
        ) : (
          <Link to={`/books/${book._id}`} className="link link-hover">
            {book.bookName}
          </Link>
        )}
      </h2>
      <ul className="flex flex-wrap gap-2" aria-label={m.photos}>
        {book.photos.map((photo, index) => (
          <li key={photo.url}>
            <a
              href={photo.url}
              target="_blank"
              rel="noopener"
              aria-label={m.photo({ n: index + 1, book: book.bookName })}
            >
              <img src={photo.thumbnail} alt="" width={48} height={64} className="h-16 w-12 rounded object-cover" />
            </a>
          </li>
        ))}
      </ul>
      <p className="text-sm break-words text-base-content/70">
        {categoryName(book.booksCategory)} · {book.SellerName} ({book.email})
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span>
          <span data-testid="report-count">{m.reportCount({ n: book.reportCount })}</span> ·{' '}
          <span data-testid="report-counting">{m.countingCount({ n: book.countingReports })}</span> ·{' '}
          {m.lastReported({ when: when(book.lastReportedAt) })}
        </span>
        <Visibility hidden={book.hidden} />
      </p>
      <h3 className="pt-1 text-sm font-medium">{m.reportsHeading}</h3>
      <ul className="space-y-1" data-testid="reports">
        {book.reports.map((report) => (
          <Report key={report.reporterId} report={report} actions={reporterActions} />
        ))}
      </ul>
      {book.reports.length < book.reportCount && (
        <p className="text-sm text-base-content/70">
          {m.moreReports({ shown: book.reports.length, total: book.reportCount })}
        </p>
      )}
    </ReviewListItem>
  );
}

export function ReportedItemsPage() {
  const paging = usePaging(reportedPageSize);
  const items = useReportedItems(paging.page);
  const dismiss = useDismissReports();
  const removing = useConfirmRemoval(useRemoveReportedBook(), { title: m.confirmRemove, confirmLabel: m.remove });
  const ban = useBanReporter();
  const unban = useUnbanReporter();
  const [banning, setBanning] = useState<BookReport | null>(null);
  const { user: me } = useCurrentUser();
  const reporterActions = { myId: me?.uid, onBan: setBanning, unban };

  return (
    <PageSection title={texts.dashboard.reportedItems}>
      <PagedItems query={items} {...paging} empty={m.empty} keyOf={(book) => book._id}>
        {(book) => (
          <ReportedItem
            book={book}
            dismiss={dismiss}
            onRemove={() => removing.ask(book)}
            reporterActions={reporterActions}
          />
        )}
      </PagedItems>
      {removing.dialog}
      <ConfirmDialog
        open={banning !== null}
        title={m.confirmBan}
        confirmLabel={m.ban}
        busy={ban.isPending}
        onCancel={() => setBanning(null)}
        onConfirm={() => banning && ban.mutate(banning.reporterId, { onSettled: () => setBanning(null) })}
      >
        {banning && (
          <>
            <p className="py-2 font-medium break-words">
              {m.banWhom({ name: banning.reporterName, email: banning.reporterEmail })}
            </p>
            <p className="text-sm">{m.banExplained}</p>
          </>
        )}
      </ConfirmDialog>
      <ReportedMessagesSection />
      <HandoverProblemsSection />
    </PageSection>
  );
}
