import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { cardErrorSchema, testCardConfirmSchema, testCardResultSchema } from '#shared/schemas/payment.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  confirmTestPayment: api.Payments.post('/payments/test/confirm', 'signed-in', {
    request: { body: jsonBody(testCardConfirmSchema) },
    responses: {
      200: jsonContent(testCardResultSchema, 'The card was charged; transactionId is the intent id'),
      402: jsonContent(cardErrorSchema, "The card was declined; error is the processor's message"),
      ...errorResponses(403, 404, 409),
    },
  }),
  receiveStripeWebhook: api.Payments.post('/webhooks/stripe', 'anyone', {
    request: {
      headers: z.object({ 'stripe-signature': z.string().min(1, 'the Stripe-Signature header is required') }),
    },
    responses: {
      200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }), 'Handled (or ignored)'),
      ...errorResponses(404),
    },
  }),
};
