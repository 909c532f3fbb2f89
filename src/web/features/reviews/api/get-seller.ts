import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** A person's public page: the server preloads this very URL with the page. */
export const getSeller = (id: string) => unwrap(api.sellers[':id'].$get({ param: { id } }));

export const sellerQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['sellers', id], queryFn: () => getSeller(id), retry: false });

export const useSeller = (id: string) => useQuery(sellerQueryOptions(id));
