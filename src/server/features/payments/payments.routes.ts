import { api } from '#server/http/api-tags.ts';
import { insertedId } from '#server/http/change-counts.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateCheck } from '#server/http/state-calls.ts';
import { paymentIntentRequestSchema, paymentIntentSchema, paymentRequestSchema } from '#shared/schemas/payment.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  createPaymentIntent: api.Payments.post('/create-payment-intent', 'signed-in', {
    request: { body: jsonBody(paymentIntentRequestSchema) },
    responses: {
      200: jsonContent(paymentIntentSchema, 'A client secret for the card form'),
      ...errorResponses(403, 404, 409, 502),
    },
  }),
  recordPayment: api.Payments.post('/payments', 'signed-in', {
    request: { body: jsonBody(paymentRequestSchema) },
    responses: { 200: jsonContent(insertedId, 'The payment record'), ...errorResponses(403, 404, 409, 502) },
  }),
  markBookSold: api.Payments.put('/books/payments/{bookId}', 'signed-in', {
    ...stateCheck(uuidParam('bookId', { message: 'bookId must be a uuid' })),
  }),
};
