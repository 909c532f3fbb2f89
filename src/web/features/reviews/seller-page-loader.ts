import type { LoaderFunctionArgs } from 'react-router';
import { ensureQuery } from '#web/app/ensure-query.ts';
import { sellerQueryOptions } from './api/get-seller.ts';
import { sellerReviewsQueryOptions } from './api/get-seller-reviews.ts';

/** `/sellers/:id`: the person and the first page of their reviews. */
export function sellerPageLoader({ params }: LoaderFunctionArgs) {
  ensureQuery(sellerQueryOptions(params.id ?? ''));
  ensureQuery(sellerReviewsQueryOptions(params.id ?? '', 1));
  return null;
}
