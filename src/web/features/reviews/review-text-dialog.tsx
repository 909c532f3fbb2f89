import { texts } from '#shared/i18n/texts.ts';
import { hideReasonMaxChars, reviewTextMaxChars } from '#shared/reviews.ts';
import { FieldDialog, ReasonInput, useDialogForm } from '#web/components/field-dialog.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useHideReview, useReplyToReview } from './use-reviews.ts';

const t = texts.reviews;

const replyResolver = lazyZodResolver(() =>
  import('#shared/schemas/review.ts').then((schemas) => schemas.reviewReplySchema),
);
const hideResolver = lazyZodResolver(() =>
  import('#shared/schemas/review.ts').then((schemas) => schemas.hideReviewSchema),
);

/** The reviewed person's one public reply to a review (`review`: the one open for, by its author's name). */
export function ReplyDialog({
  review,
  onClose,
}: {
  review: { id: string; author: string } | null;
  onClose: () => void;
}) {
  const reply = useReplyToReview();
  const form = useDialogForm<{ text: string }, { text: string }>(review?.id, reply, replyResolver, { text: '' });
  const submit = form.handleSubmit(async ({ text }) => {
    if (!review) return;
    await reply.mutateAsync({ id: review.id, text }).then(onClose, () => undefined);
  });
  return (
    <FieldDialog
      open={review !== null}
      title={review ? t.replyTo({ name: review.author }) : ''}
      confirmLabel={t.sendReply}
      confirmClassName="btn-primary"
      field={{ name: 'text', label: t.replyLabel, error: form.formState.errors.text }}
      request={reply}
      onSubmit={submit}
      onClose={onClose}
    >
      {(a11y) => <ReasonInput {...a11y} maxLength={reviewTextMaxChars} registration={form.register('text')} />}
    </FieldDialog>
  );
}

/** An admin hides a review that breaks the rules, saying which (its author reads it). */
export function HideDialog({ reviewId, onClose }: { reviewId: string | null; onClose: () => void }) {
  const hide = useHideReview();
  const form = useDialogForm<{ reason: string }, { reason: string }>(reviewId ?? undefined, hide, hideResolver, {
    reason: '',
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!reviewId) return;
    await hide.mutateAsync({ id: reviewId, reason }).then(onClose, () => undefined);
  });
  return (
    <FieldDialog
      open={reviewId !== null}
      title={t.hideWhat}
      confirmLabel={t.hide}
      field={{ name: 'reason', label: t.hideReasonLabel, error: form.formState.errors.reason }}
      request={hide}
      onSubmit={submit}
      onClose={onClose}
    >
      {(a11y) => <ReasonInput {...a11y} maxLength={hideReasonMaxChars} registration={form.register('reason')} />}
    </FieldDialog>
  );
}
