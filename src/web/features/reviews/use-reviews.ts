import { texts } from '#shared/i18n/texts.ts';
import type { NewReview } from '#shared/schemas/review.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

const t = texts.reviews;

/** A review changes what is left to review, the seller pages, and every card's rating (['books', …]). */
const reviewLists = ['reviews', 'sellers', 'books'];

export function useWriteReview() {
  return useRefreshingMutation((review: NewReview) => unwrap(api.reviews.$post({ json: review })), {
    done: t.sent,
    refresh: reviewLists,
    toastRefusal: false,
  });
}

export function useReplyToReview() {
  return useRefreshingMutation(
    ({ id, text }: { id: string; text: string }) =>
      unwrap(api.reviews[':id'].reply.$post({ param: { id }, json: { text } })),
    { done: t.replied, refresh: reviewLists, toastRefusal: false },
  );
}

export function useHideReview() {
  return useRefreshingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.reviews[':id'].hide.$post({ param: { id }, json: { reason } })),
    { done: t.hidden, refresh: reviewLists, toastRefusal: false },
  );
}
