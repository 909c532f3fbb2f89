import { useState } from 'react';
import { canReportProblem } from '#shared/handover.ts';
import { texts } from '#shared/i18n/texts.ts';
import { orderName } from '#shared/order-name.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { ItemButton } from '#web/components/item-button.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

const t = texts.handover;

/**
 * A paid order in the buyer's My Orders: Paid with the code to show the seller at the meetup, Handed over, or
 * Problem reported; 'Report a problem' once HANDOVER_PERIOD has passed without a handover.
 */
export function PaidOrderStatus({ order }: { order: BookingItem }) {
  const [reporting, setReporting] = useState(false);
  const handover = order.handover;
  if (!handover) return <span className="badge badge-success">{texts.dashboard.paid}</span>;
  if (handover.state === 'handedOver') {
    return (
      <span className="badge badge-success" data-testid="handover-state">
        {t.handedOver}
      </span>
    );
  }
  const problem = handover.state === 'problemReported';
  const reportable = canReportProblem(handover);
  return (
    <div className="flex max-w-60 flex-col items-start gap-1">
      <span className={`badge ${problem ? 'badge-warning' : 'badge-success'}`} data-testid="handover-state">
        {problem ? t.problemReported : texts.dashboard.paid}
      </span>
      {handover.code && (
        <p className="text-sm">
          {t.yourCode}:{' '}
          <strong className="font-mono text-lg tracking-widest" data-testid="handover-code">
            {handover.code}
          </strong>
        </p>
      )}
      <p className="text-xs break-words whitespace-normal text-base-content/80">
        {problem ? t.problemReportedNote : t.codeNote}
      </p>
      {reportable && (
        <ItemButton
          action={t.reportProblem}
          item={orderName(order)}
          className="btn-outline btn-warning btn-xs"
          onClick={() => setReporting(true)}
        />
      )}
      {handover.state === 'awaiting' && !handover.problemReported && !reportable && (
        <p className="text-xs text-base-content/70">{t.problemFrom({ when: formatDateTime(handover.problemFrom) })}</p>
      )}
      <ReportProblemDialog
        booking={reporting ? { bookingId: order._id, bookName: orderName(order) } : null}
        onClose={() => setReporting(false)}
      />
    </div>
  );
}
