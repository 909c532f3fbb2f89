import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '../../../shared/messages.ts';
import type { BookingRequest } from '../../../shared/schemas/booking.ts';
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

export function useMyOrders(email: string, page: number) {
  return useQuery({
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
