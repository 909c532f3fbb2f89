import { pageMessages } from '#shared/page-messages.ts';
import { bookingFieldDialog } from '#web/features/bookings/booking-field-dialog.tsx';
import { useEnterHandoverCode } from './use-handovers.ts';

/**
 * The seller's 'Enter handover code' dialog: the buyer's 6 digits, checked by the server. A wrong code shows under
 * the field with the tries left, and what was typed stays; the dialog closes when the order is handed over.
 */
export const EnterCodeDialog = bookingFieldDialog({
  useRequest: useEnterHandoverCode,
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
