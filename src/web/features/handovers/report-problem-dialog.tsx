import { problemReasonMaxChars } from '#shared/handover.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type BookingDialogProps, BookingFieldDialog, bookingQuestion } from '#web/components/booking-field-dialog.tsx';
import { ReasonInput } from '#web/components/field-dialog.tsx';
import { useReportProblem } from './use-handovers.ts';

const whatWentWrong = bookingQuestion({
  schema: () => import('#shared/schemas/handover.ts').then((schemas) => schemas.problemReportSchema),
  title: (book) => texts.handover.reportProblemFor({ book }),
  confirmLabel: texts.handover.send,
  field: { name: 'reason', label: texts.handover.reasonLabel },
  control: (props, registration) => (
    <ReasonInput {...props} maxLength={problemReasonMaxChars} registration={registration} />
  ),
});

/** The buyer's 'Report a problem' dialog: what went wrong (an admin reads it). It stays open when sending fails. */
export function ReportProblemDialog(props: BookingDialogProps) {
  const report = useReportProblem();
  return <BookingFieldDialog {...props} question={whatWentWrong} request={report} />;
}
