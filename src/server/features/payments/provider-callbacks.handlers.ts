import { AppError } from '#server/app-error.ts';
import { requireOwnOrder } from '#server/features/bookings/bookings.public.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { findBooking, requirePayable } from './payments.service.ts';
import type { routes } from './provider-callbacks.routes.ts';
import { handlePaymentEvent } from './stripe-webhook.service.ts';

export const confirmTestPayment: AppRouteHandler<typeof routes.confirmTestPayment> = async (c) => {
  const { deps } = c.var;
  const buyer = callerOf(c);
  const provider = deps.payments;
  if (provider.name !== 'test') throw new AppError('NOT_FOUND', 'Test card payments are only available in test mode');
  const { clientSecret, ...card } = c.req.valid('json');
  const intent = await provider.findByClientSecret(clientSecret);
  if (!intent?.bookingId) throw new AppError('NOT_FOUND', 'No payment with this client secret');
  const booking = await findBooking(deps.db, intent.bookingId);
  if (!booking) throw new AppError('CONFLICT', 'This order no longer exists');
  requireOwnOrder(booking, buyer, 'order.pay');
  // The booking read once: a delete landing after it is answered by the card step below (its intent cancelled).
  if (intent.status !== 'succeeded') requirePayable(booking);
  const result = await provider.confirmCard(clientSecret, card);
  if ('decline' in result) {
    const { message, code, declineCode } = result.decline;
    return c.json({ error: message, code, ...(declineCode ? { declineCode } : {}) }, 402);
  }
  if (result.intent.status !== 'succeeded') {
    throw new AppError('CONFLICT', 'This payment was cancelled because the order ended; nothing was charged');
  }
  return c.json({ status: 'succeeded' as const, transactionId: result.intent.id }, 200);
};

export const receiveStripeWebhook: AppRouteHandler<typeof routes.receiveStripeWebhook> = async (c) => {
  const { deps } = c.var;
  const provider = deps.payments;
  if (provider.name !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe is not configured');
  // The signature covers the exact bytes Stripe sent, so read them before anything parses them.
  const rawBody = await c.req.text();
  const event = await provider.verifyWebhook(rawBody, c.req.valid('header')['stripe-signature']).catch(() => {
    throw new AppError('BAD_REQUEST', 'The webhook signature does not match');
  });
  const result = await handlePaymentEvent(deps, event);
  if (result.outcome === 'refused') {
    deps.log.warn('stripe event not applied', { eventId: event.id, reason: result.reason });
  }
  return c.json({ received: true as const, outcome: result.outcome }, 200);
};
