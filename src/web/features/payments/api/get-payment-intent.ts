import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** Opens (or, on a reload, reuses) the payment for a booking; the server decides the amount. */
export const getPaymentIntent = (bookingId: string) =>
  unwrap(api['create-payment-intent'].$post({ json: { bookingId } }));

export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['payment-intent', bookingId],
    queryFn: () => getPaymentIntent(bookingId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Asked for once the page knows the booking can be paid (`enabled`). */
export const usePaymentIntent = (bookingId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(bookingId), enabled });
