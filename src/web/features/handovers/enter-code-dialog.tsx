import { texts } from '#shared/i18n/texts.ts';
import { type BookingDialogProps, BookingFieldDialog, bookingQuestion } from '#web/components/booking-field-dialog.tsx';
import { useEnterHandoverCode } from './use-handovers.ts';

const code = bookingQuestion({
  schema: () => import('#shared/schemas/handover.ts').then((schemas) => schemas.handoverCodeSchema),
  title: (book) => texts.handover.enterCodeFor({ book }),
  confirmLabel: texts.handover.confirm,
  confirmClassName: 'btn-primary',
  field: { name: 'code', label: texts.handover.codeLabel, hint: texts.handover.codeHint },
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
