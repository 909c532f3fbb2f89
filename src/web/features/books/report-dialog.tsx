import { useEffect, useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import type { Book } from '#shared/schemas/book.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useReportBook } from './use-books.ts';

/** Asks for an optional reason, then reports the book ('this item reported'). */
export function ReportDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const report = useReportBook();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (book) setReason('');
  }, [book]);

  return (
    <ConfirmDialog
      open={book !== null}
      title={`${texts.book.reportThis}: ${book?.bookName ?? ''}`}
      confirmLabel={texts.reports.send}
      confirmClassName="btn-warning"
      busy={report.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (book) report.mutate({ id: book._id, reason }, { onSuccess: onClose });
      }}
    >
      <label className="fieldset">
        <span className="fieldset-legend">{texts.reports.reasonLabel}</span>
        <textarea
          className="textarea w-full"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
    </ConfirmDialog>
  );
}
