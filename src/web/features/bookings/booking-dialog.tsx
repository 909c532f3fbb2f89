import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';
import type { BookingRequest, bookingRequestSchema } from '#shared/schemas/booking.ts';
import { CloseButton } from '#web/components/close-button.tsx';
import { FormField, TextField } from '#web/components/form-field.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useBooking } from './api/get-booking.ts';
import { useBookBook } from './use-orders.ts';

const m = texts.booking;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/booking.ts').then((schemas) => schemas.bookingRequestSchema),
);

/** What comes next once booked: paying, now or from My Orders before the hold runs out. */
function Booked({ bookingId, titleId, onClose }: { bookingId: string; titleId: string; onClose: () => void }) {
  const order = useBooking(bookingId);
  const payNow = useRef<HTMLAnchorElement>(null);
  // The form that had the focus is gone: it moves to what comes next.
  useEffect(() => payNow.current?.focus(), []);
  return (
    <div role="status">
      <h2 id={titleId} className="pe-10 text-xl font-bold">
        {m.bookedHeading}
      </h2>
      <p className="mt-3">
        {order.data ? (
          m.heldUntil({ when: formatDateTime(order.data.holdUntil) })
        ) : (
          <span className="loading loading-dots loading-sm" aria-hidden="true" />
        )}
      </p>
      <div className="modal-action flex-col gap-2 sm:flex-row">
        <button type="button" className="btn btn-ghost w-full sm:w-auto" onClick={onClose}>
          {m.payLater}
        </button>
        <Link ref={payNow} to={`/dashboard/payment/${bookingId}`} className="btn btn-primary w-full sm:w-auto">
          {m.payNow}
        </Link>
      </div>
    </div>
  );
}

/** The 'Book Now' dialog for one book; `onClose` is called when it closes (booked, closed or Escape). */
export function BookingDialog({ book, onClose }: { book: Book; onClose: () => void }) {
  const { user } = useCurrentUser();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const booking = useBookBook();
  const form = useForm<BookingRequest, unknown, z.output<typeof bookingRequestSchema>>({
    resolver,
    defaultValues: {
      bookId: book._id,
      bookName: book.bookName,
      price: book.resalePrice,
      email: user?.email ?? '',
      contact: '',
      meetinglocation: '',
    },
  });
  const { register, handleSubmit, setFocus } = form;

  // Opened as a modal (focus moves in and stays, Escape closes), the focus in the first field to fill; unmounting
  // removes it from the page.
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    setFocus('contact');
  }, [setFocus]);

  // Closing the <dialog> itself (its 'close' event calls onClose) gives the focus back to the button that opened it.
  const close = () => dialog.current?.close();
  const submit = handleSubmit((values) => booking.mutate(values));
  const readOnlyClass = 'input w-full bg-base-200';

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-lg">
        <CloseButton label={m.close} className="btn-circle absolute top-3 end-3" onClick={close} />
        {booking.data ? (
          <Booked bookingId={booking.data.insertedId} titleId={titleId} onClose={close} />
        ) : (
          <>
            <h2 id={titleId} className="pe-10 text-xl font-bold">
              {m.title}
            </h2>
            <form noValidate onSubmit={submit} className="mt-4">
              <input type="hidden" {...register('bookId')} />
              <FormField id={`${fieldId}-email`} label={m.email}>
                {(a11y) => <input {...a11y} className={readOnlyClass} readOnly value={user?.email ?? ''} />}
              </FormField>
              <FormField id={`${fieldId}-name`} label={m.name}>
                {(a11y) => <input {...a11y} className={readOnlyClass} readOnly value={user?.displayName ?? ''} />}
              </FormField>
              <FormField id={`${fieldId}-book`} label={m.bookName}>
                {(a11y) => <input {...a11y} className={readOnlyClass} readOnly {...register('bookName')} />}
              </FormField>
              <FormField id={`${fieldId}-price`} label={m.price}>
                {(a11y) => (
                  <input
                    {...a11y}
                    className={readOnlyClass}
                    readOnly
                    value={formatMoney(book.resalePrice, book.currency)}
                  />
                )}
              </FormField>
              <TextField
                id={`${fieldId}-phone`}
                label={m.phone}
                {...fieldProps(form, 'contact')}
                type="tel"
                autoComplete="tel"
                required
                aria-required="true"
              />
              <TextField
                id={`${fieldId}-place`}
                label={`${m.meetingLocation} (${m.optional})`}
                {...fieldProps(form, 'meetinglocation')}
              />
              {booking.error && (
                <p role="alert" className="alert alert-error alert-soft mt-4">
                  {booking.error.message}
                </p>
              )}
              <div className="modal-action">
                <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={booking.isPending}>
                  {booking.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {m.confirm}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </dialog>
  );
}
