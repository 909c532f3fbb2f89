import { z } from '@hono/zod-openapi';
import { cardErrorSchema, testCardConfirmSchema, testCardResultSchema } from '../../../shared/schemas/payment.ts';

import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { findBooking, requirePayableBooking } from './payments.service.ts';
import { handlePaymentEvent } from './stripe-webhook.service.ts';

const confirmTestCard = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/payments/test/confirm',
  operationId: 'confirmTestPayment',
  tags: ['Payments'],
  summary: 'Test mode: pay with a test card',
  description:
    "The built-in test provider's card confirmation (what Stripe.js does against Stripe): only the card " +
    "processor's published test numbers are accepted; decline numbers fail with the processor's messages. " +
    'Answers 404 when Stripe is configured.',
  request: { body: { content: { 'application/json': { schema: testCardConfirmSchema } }, required: true } },
  responses: {
    200: jsonContent(testCardResultSchema, 'The card was charged; transactionId is the intent id'),
    402: jsonContent(cardErrorSchema, "The card was declined; error is the processor's message"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function testCardRoute(deps: AppDeps) {
  return createRouter().openapi(confirmTestCard, async (c) => {
    const buyer = callerOf(c);
    const provider = deps.payments;
    if (provider.name !== 'test') throw new AppError('NOT_FOUND', 'Test card payments are only available in test mode');
    const { clientSecret, ...card } = c.req.valid('json');
    const intent = await provider.findByClientSecret(clientSecret);
    if (!intent?.bookingId) throw new AppError('NOT_FOUND', 'No payment with this client secret');
    const booking = await findBooking(deps.db, intent.bookingId);
    if (!booking) throw new AppError('CONFLICT', 'This order no longer exists');
    if (booking.buyerId !== buyer.id) throw new AppError('FORBIDDEN', 'This order belongs to someone else');
    if (intent.status !== 'succeeded') await requirePayableBooking(deps.db, booking.id, buyer.id);
    const result = await provider.confirmCard(clientSecret, card);
    if ('decline' in result) {
      const { message, code, declineCode } = result.decline;
      return c.json({ error: message, code, ...(declineCode ? { declineCode } : {}) }, 402);
    }
    if (result.intent.status !== 'succeeded') {
      throw new AppError('CONFLICT', 'This payment was cancelled because the order ended; nothing was charged');
    }
    return c.json({ status: 'succeeded' as const, transactionId: result.intent.id }, 200);
  });
}

const stripeWebhook = defineRoute({
  access: 'anyone',
  method: 'post',
  path: '/webhooks/stripe',
  operationId: 'receiveStripeWebhook',
  tags: ['Payments'],
  summary: 'Stripe webhook',
  description:
    'Signed Stripe events, verified on the raw body. payment_intent.succeeded completes the sale (once, whatever ' +
    'the number of deliveries), or refunds the charge when its order ended first. Answers 404 when Stripe is ' +
    'not configured.',
  request: { headers: z.object({ 'stripe-signature': z.string().min(1, 'the Stripe-Signature header is required') }) },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }), 'Handled (or ignored)'),
    ...errorResponses(400, 404),
  },
});

export function stripeWebhookRoute(deps: AppDeps) {
  return createRouter().openapi(stripeWebhook, async (c) => {
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
  });
}
