import { problemReasonMaxChars } from '#shared/handover.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { ReasonInput } from '#web/components/field-dialog.tsx';
import { bookingFieldDialog } from '#web/features/bookings/booking-field-dialog.tsx';
import { useReportProblem } from './use-handovers.ts';

/** The buyer's 'Report a problem' dialog: what went wrong (an admin reads it). It stays open when sending fails. */
export const ReportProblemDialog = bookingFieldDialog({
  useRequest: useReportProblem,
  schema: () => import('#shared/schemas/handover.ts').then((schemas) => schemas.problemReportSchema),
  title: pageMessages.handover.reportProblemFor,
  confirmLabel: pageMessages.handover.send,
  field: { name: 'reason', label: pageMessages.handover.reasonLabel },
  control: (props, registration) => (
    <ReasonInput {...props} maxLength={problemReasonMaxChars} registration={registration} />
  ),
});
