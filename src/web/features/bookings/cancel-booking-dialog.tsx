import { pageMessages } from '#shared/page-messages.ts';
import { FieldDialog, ReasonInput, useDialogForm } from '#web/components/field-dialog.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useCancelBooking } from './use-orders.ts';

const m = pageMessages.myProducts;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/booking.ts').then((schemas) => schemas.cancelBookingSchema),
);

/** What the dialog cancels: a booking, named by its book. */
export interface BookingToCancel {
  bookingId: string;
  bookName: string;
}

/**
 * The seller's 'Cancel booking' dialog: asks why (the buyer sees the reason in My Orders), then cancels the
 * booking; the book is on sale again. It stays open, with the server's message, when the cancel fails.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: BookingToCancel | null; onClose: () => void }) {
  const cancel = useCancelBooking();
  const form = useDialogForm(booking?.bookingId, cancel, resolver, { reason: '' });

  const submit = form.handleSubmit(({ reason }) => {
    if (booking) cancel.mutate({ id: booking.bookingId, reason }, { onSuccess: onClose });
  });

  return (
    <FieldDialog
      open={booking !== null}
      title={m.cancelBookingOf(booking?.bookName ?? '')}
      confirmLabel={m.cancelBooking}
      cancelLabel={m.keepBooking}
      field={{ name: 'reason', label: m.cancelReason, error: form.formState.errors.reason }}
      request={cancel}
      onSubmit={submit}
      onClose={onClose}
    >
      {(a11y) => <ReasonInput {...a11y} maxLength={300} registration={form.register('reason')} />}
    </FieldDialog>
  );
}
