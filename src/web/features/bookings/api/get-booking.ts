import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** One booking, for its payment page. */
export const getBooking = (id: string) => unwrap(api.bookingItems[':id'].$get({ param: { id } }));

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['bookings', 'item', id], queryFn: () => getBooking(id), retry: false });

export const useBooking = (id: string) => useQuery(bookingQueryOptions(id));
