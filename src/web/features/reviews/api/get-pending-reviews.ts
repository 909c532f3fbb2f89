import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** The signed-in person's handed-over orders they may still review (My Orders and My Products show 'Review'). */
export const getPendingReviews = () => unwrap(api.reviews.pending.$get());

export const pendingReviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews', 'pending'], queryFn: getPendingReviews, retry: false });

export const usePendingReviews = (enabled = true) => useQuery({ ...pendingReviewsQueryOptions(), enabled });
