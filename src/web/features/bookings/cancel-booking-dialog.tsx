import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import type { CancelBooking, cancelBookingSchema } from '#shared/schemas/booking.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useCancelBooking } from './use-orders.ts';

const m = messages.myProducts;

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
  const id = useId();
  const cancel = useCancelBooking();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CancelBooking, unknown, z.output<typeof cancelBookingSchema>>({
    resolver,
    defaultValues: { reason: '' },
  });
  const { reset: resetCancel } = cancel;

  // Each opening starts with an empty reason and no message from a previous attempt.
  useEffect(() => {
    if (booking) {
      reset({ reason: '' });
      resetCancel();
    }
  }, [booking, reset, resetCancel]);

  // A reason the server refused shows under the reason; any other refusal (paid meanwhile, 403) above the buttons.
  const refusedReason =
    cancel.error instanceof ApiError && cancel.error.field === 'reason' ? { message: cancel.error.reason } : undefined;

  const submit = handleSubmit(({ reason }) => {
    if (booking) cancel.mutate({ id: booking.bookingId, reason }, { onSuccess: onClose });
  });

  return (
    <ConfirmDialog
      open={booking !== null}
      title={m.cancelBookingOf(booking?.bookName ?? '')}
      confirmLabel={m.cancelBooking}
      cancelLabel={m.keepBooking}
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <form noValidate onSubmit={submit}>
        <FormField id={`${id}-reason`} label={m.cancelReason} error={errors.reason ?? refusedReason}>
          {(a11y) => (
            <textarea
              {...a11y}
              className="textarea w-full"
              rows={3}
              maxLength={300}
              required
              aria-required="true"
              {...register('reason')}
            />
          )}
        </FormField>
        {cancel.error && !refusedReason && (
          <p role="alert" className="alert alert-error alert-soft mt-3">
            {cancel.error.message}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
