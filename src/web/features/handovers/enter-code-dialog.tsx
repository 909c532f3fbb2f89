import { pageMessages } from '#shared/page-messages.ts';
import { type BookingDialogProps, BookingFieldDialog, bookingQuestion } from '#web/components/booking-field-dialog.tsx';
import { useEnterHandoverCode } from './use-handovers.ts';

const code = bookingQuestion({
  schema: () => import('#shared/schemas/handover.ts').then((schemas) => schemas.handoverCodeSchema),
  title: pageMessages.handover.enterCodeFor,
  confirmLabel: pageMessages.handover.confirm,
  confirmClassName: 'btn-primary',
  field: { name: 'code', label: pageMessages.handover.codeLabel, hint: pageMessages.handover.codeHint },
  control: (props, registration) => (
    <input
      {...props}
      className="input w-40 font-mono text-lg tracking-widest"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      aria-required="true"
      {...registration}
    />
  ),
});

/**
 * The seller's 'Enter handover code' dialog: the buyer's 6 digits, checked by the server. A wrong code shows under
 * the field with the tries left, and what was typed stays; the dialog closes when the order is handed over.
 */
export function EnterCodeDialog(props: BookingDialogProps) {
  const enter = useEnterHandoverCode();
  return <BookingFieldDialog {...props} question={code} request={enter} />;
}
