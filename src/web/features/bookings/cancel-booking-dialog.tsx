import { texts } from '#shared/i18n/texts.ts';
import { type BookingDialogProps, BookingFieldDialog, bookingQuestion } from '#web/components/booking-field-dialog.tsx';
import { ReasonInput } from '#web/components/field-dialog.tsx';
import { useCancelBooking } from './use-orders.ts';

const why = bookingQuestion({
  schema: () => import('#shared/schemas/booking.ts').then((schemas) => schemas.cancelBookingSchema),
  title: (book) => texts.cancelBooking.title({ book }),
  confirmLabel: texts.cancelBooking.action,
  cancelLabel: texts.cancelBooking.keep,
  field: { name: 'reason', label: texts.cancelBooking.reasonLabel },
  control: (props, registration) => <ReasonInput {...props} maxLength={300} registration={registration} />,
});

/**
 * The seller's 'Cancel booking' dialog: asks why (the buyer sees the reason in My Orders), then cancels the
 * booking; the book is on sale again. It stays open, with the server's message, when the cancel fails.
 */
export function CancelBookingDialog(props: BookingDialogProps) {
  const cancel = useCancelBooking();
  return <BookingFieldDialog {...props} question={why} request={cancel} />;
}
