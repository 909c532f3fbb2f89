import { ensureQuery, type PageAddress } from '#web/app/ensure-query.ts';
import { sellerQueryOptions } from './api/get-seller.ts';
import { sellerReviewsQueryOptions } from './api/get-seller-reviews.ts';

/** `/sellers/:id`: the person and the first page of their reviews. */
export function sellerPageLoader({ params }: PageAddress) {
  ensureQuery(sellerQueryOptions(params.id ?? ''));
  ensureQuery(sellerReviewsQueryOptions(params.id ?? '', 1));
}
