import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { cardErrorSchema, testCardConfirmSchema, testCardResultSchema } from '#shared/schemas/payment.ts';

export const confirmTestCard = api.Payments.post('/payments/test/confirm', {
  access: 'signed-in',
  operationId: 'confirmTestPayment',
  summary: 'Test mode: pay with a test card',
  description:
    "The built-in test provider's card confirmation (what Stripe.js does against Stripe): only the card " +
    "processor's published test numbers are accepted; decline numbers fail with the processor's messages. " +
    'Answers 404 when Stripe is configured.',
  request: { body: jsonBody(testCardConfirmSchema) },
  responses: {
    200: jsonContent(testCardResultSchema, 'The card was charged; transactionId is the intent id'),
    402: jsonContent(cardErrorSchema, "The card was declined; error is the processor's message"),
    ...errorResponses(403, 404, 409),
  },
});

export const stripeWebhook = api.Payments.post('/webhooks/stripe', {
  access: 'anyone',
  operationId: 'receiveStripeWebhook',
  summary: 'Stripe webhook',
  description:
    'Signed Stripe events, verified on the raw body. payment_intent.succeeded completes the sale (once, whatever ' +
    'the number of deliveries), or refunds the charge when its order ended first. Answers 404 when Stripe is ' +
    'not configured.',
  request: { headers: z.object({ 'stripe-signature': z.string().min(1, 'the Stripe-Signature header is required') }) },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }), 'Handled (or ignored)'),
    ...errorResponses(404),
  },
});
