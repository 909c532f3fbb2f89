import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** The sign-in providers this server is configured for. */
export const getAuthProviders = () => unwrap(api['auth-providers'].$get());

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
