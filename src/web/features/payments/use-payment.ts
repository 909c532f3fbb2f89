import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentIntentAnswer } from '#shared/schemas/payment.ts';
import { ApiError, api, unwrap } from '#web/lib/api.ts';

/** What a card form needs from the page: the open intent, who pays, and what to do once the card is charged. */
export interface CardFormProps {
  intent: PaymentIntentAnswer | undefined;
  payer: { email: string; name: string };
  onConfirmed: (transactionId: string) => Promise<void>;
}

/** The test provider's card step (Stripe.js does this step itself when Stripe is configured). */
export async function confirmTestCard(card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }) {
  const res = await api.payments.test.confirm.$post({ json: card });
  const body = await res.json();
  // A decline (402) carries the card processor's message, shown as the card error.
  if ('error' in body) throw new ApiError(res.status, body);
  return body;
}

/**
 * Records the charged payment; the server checks it with the provider before it counts. A charge for an order
 * that ended first is refunded (409, shown as the card error); My Orders then shows the order 'Refunded'.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: { bookingId: string; transactionId: string; price: number; email: string }) =>
      unwrap(api.payments.$post({ json: payment })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]),
    // Only the lists: the payment page keeps its order (and the card error) on screen.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings', 'mine'] }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]),
  });
}
