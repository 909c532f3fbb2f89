import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '#web/lib/api.ts';

export const notificationsPageSize = 20;

/** The signed-in person's notifications, newest first. */
export const getNotifications = (page: number) =>
  unwrapPage(api.notifications.$get({ query: { page: String(page), limit: String(notificationsPageSize) } }));

export const notificationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['notifications', 'list', page], queryFn: () => getNotifications(page), retry: false });

export const useNotifications = (page: number) => useQuery(notificationsQueryOptions(page));
