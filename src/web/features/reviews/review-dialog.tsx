import { useId } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { orderName } from '#shared/order-name.ts';
import { reviewTextMaxChars } from '#shared/reviews.ts';
import type { NewReview, PendingReview } from '#shared/schemas/review.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useDialogForm } from '#web/components/field-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useWriteReview } from './use-reviews.ts';

const t = texts.reviews;

interface ReviewForm {
  bookingId: string;
  stars: string;
  text: string;
}

const resolver = lazyZodResolver(() => import('#shared/schemas/review.ts').then((schemas) => schemas.reviewFormSchema));

/** The review of the other party of a handed-over order: 1 to 5 stars and a few optional words. */
export function ReviewDialog({ pending, onClose }: { pending: PendingReview | null; onClose: () => void }) {
  const id = useId();
  const write = useWriteReview();
  const form = useDialogForm<ReviewForm, Omit<NewReview, 'bookingId'>>(pending?.bookingId, write, resolver as never, {
    stars: '',
    text: '',
  });
  const { errors } = form.formState;
  const refused = write.error instanceof ApiError ? write.error : null;
  const fieldError = (name: 'stars' | 'text') =>
    errors[name] ?? (refused?.field === name ? { message: refused.reason } : undefined);
  const submit = form.handleSubmit(async (values) => {
    if (!pending) return;
    await write.mutateAsync({ ...values, bookingId: pending.bookingId }).then(onClose, () => undefined);
  });
  const stars = form.watch('stars');
  const question = pending
    ? pending.role === 'buyer'
      ? t.reviewWhom({ name: pending.otherName, book: orderName(pending) })
      : t.reviewBuyer({ name: pending.otherName, book: orderName(pending) })
    : '';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t.reviewFor({ name: pending.otherName }) : ''}
      confirmLabel={t.send}
      confirmClassName="btn-primary"
      busy={write.isPending}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="mt-2 text-sm">{question}</p>
        <fieldset
          className="fieldset"
          aria-describedby={fieldError('stars')?.message ? `${id}-stars-error` : undefined}
        >
          <legend className="fieldset-legend">{t.starsLabel}</legend>
          <div className="rating rating-lg gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <input
                key={n}
                type="radio"
                value={String(n)}
                aria-label={t.stars({ n })}
                className="mask mask-star-2 bg-warning"
                {...form.register('stars')}
              />
            ))}
          </div>
          {stars && <p className="text-sm text-base-content/80">{t.stars({ n: Number(stars) })}</p>}
          {fieldError('stars')?.message && (
            <p id={`${id}-stars-error`} className="text-sm text-error">
              {fieldError('stars')?.message}
            </p>
          )}
        </fieldset>
        <FormField id={`${id}-text`} label={t.textLabel} error={fieldError('text')}>
          {(a11y) => (
            <textarea
              {...a11y}
              className="textarea w-full"
              rows={4}
              maxLength={reviewTextMaxChars}
              {...form.register('text')}
            />
          )}
        </FormField>
        {refused && !refused.field && (
          <p role="alert" className="alert alert-error alert-soft">
            {refused.message}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
