import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** How many of the signed-in person's notifications are unread (the bell's badge). */
export const getUnreadCount = () => unwrap(api.notifications['unread-count'].$get());

/** Asked again on every page it is shown on, at most every 15 s, and every minute while a page stays open. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: getUnreadCount,
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: false,
  });

export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQueryOptions(), enabled });
