import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellerReviewsPageSize } from '#shared/reviews.ts';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, unwrapPage } from '#web/lib/api.ts';

/** The published reviews of a person, newest first, a page at a time. */
export const getSellerReviews = (id: string, page: number) =>
  unwrapPage(
    api.sellers[':id'].reviews.$get({
      param: { id },
      query: { page: String(page), limit: String(sellerReviewsPageSize) },
    }),
  );

export const sellerReviewsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: ['sellers', id, 'reviews', page],
    queryFn: () => getSellerReviews(id, page),
    retry: false,
    staleTime: freshForItsPage,
  });

export const useSellerReviews = (id: string, page: number) => useQuery(sellerReviewsQueryOptions(id, page));
