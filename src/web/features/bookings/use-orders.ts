import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '../../../shared/messages.ts';
import type { BookingItem, BookingRequest } from '../../../shared/schemas/booking.ts';
import { api, unwrap, unwrapPage } from '../../lib/api.ts';

export const ordersPageSize = 20;

/** Bookings are cached under ['bookings', …]; a booking also changes the book lists under ['books', …]. */
function useRefreshOrdersAndBooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['books'] }),
    ]);
}

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

export function useMyOrders(email: string, page: number) {
  return useQuery({
    refetchInterval: (query) => untilNextHoldEnds(query.state.data?.items),
    queryKey: ['bookings', 'mine', email, page],
    queryFn: () =>
      unwrapPage(
        api.wishList[':email'].$get({
          param: { email },
          query: { page: String(page), limit: String(ordersPageSize) },
        }),
      ),
    retry: false,
  });
}

export function useBookingItem(id: string) {
  return useQuery({
    queryKey: ['bookings', 'item', id],
    queryFn: () => unwrap(api.bookingItems[':id'].$get({ param: { id } })),
    retry: false,
  });
}

export function useBookBook() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: (booking: BookingRequest) => unwrap(api.booking.$post({ json: booking })),
    onSuccess: () => {
      toast.success(messages.alert.booked);
      return refresh();
    },
  });
}

export function useDeleteOrder() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.wishList[':id'].$delete({ param: { id } })),
    onSuccess: () => toast.success(messages.toast.deleted),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
}

/** The seller (or an admin) ends a booking that awaits payment; the buyer sees the reason in My Orders. */
export function useCancelBooking() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.booking[':id'].cancel.$post({ param: { id }, json: { reason } })),
    onSuccess: () => toast.success(messages.myProducts.cancelled),
    onSettled: refresh,
  });
}
