import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api.ts';

/** The configured sign-in providers; the router starts this while the login page's code is still loading. */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => unwrap(api['auth-providers'].$get()),
  staleTime: Number.POSITIVE_INFINITY,
});
