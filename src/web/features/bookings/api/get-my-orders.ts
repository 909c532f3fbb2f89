import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { api, unwrapPage } from '#web/lib/api.ts';

export const ordersPageSize = 20;

/**
 * While an order awaits payment, look again once its hold has run out (and every few seconds until the server has
 * ended it), so the row turns 'Expired' without a reload.
 */
function untilNextHoldEnds(orders: BookingItem[] | undefined): number | false {
  const deadlines = (orders ?? []).filter((order) => order.status === null).map((order) => Date.parse(order.holdUntil));
  if (deadlines.length === 0) return false;
  const wait = Math.min(...deadlines) - Date.now();
  return wait <= 0 ? 3_000 : Math.min(wait + 1_000, 60 * 60 * 1_000);
}

/** A buyer's bookings, newest first (My Orders). */
export const getMyOrders = (email: string, page: number) =>
  unwrapPage(
    api.wishList[':email'].$get({ param: { email }, query: { page: String(page), limit: String(ordersPageSize) } }),
  );

export const myOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    refetchInterval: (query) => untilNextHoldEnds(query.state.data?.items),
    queryKey: ['bookings', 'mine', email, page],
    queryFn: () => getMyOrders(email, page),
    retry: false,
  });

export const useMyOrders = (email: string, page: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...myOrdersQueryOptions(email, page), ...options });
