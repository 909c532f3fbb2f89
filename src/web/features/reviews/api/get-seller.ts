import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '#shared/schemas/review.ts';
import { freshForItsPage } from '#web/app/ensure-query.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { takePageAnswer } from '#web/lib/page-data.ts';

/** A person's public page, from the server at the URL the server writes into the person's page (lib/page-data.ts). */
export const getSeller = (id: string) => unwrap(api.sellers[':id'].$get({ param: { id } }));

export const sellerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['sellers', id],
    // A page load of /sellers/:id carries the person (their public answer): the page draws without asking for it.
    queryFn: (): Promise<SellerProfile> =>
      Promise.resolve(takePageAnswer<SellerProfile>(`/api/sellers/${id}`) ?? getSeller(id)),
    retry: false,
    staleTime: freshForItsPage,
  });

export const useSeller = (id: string) => useQuery(sellerQueryOptions(id));
