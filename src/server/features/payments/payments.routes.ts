import { api } from '#server/http/api-tags.ts';
import { insertedId } from '#server/http/change-counts.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateCheck } from '#server/http/state-check-route.ts';
import { paymentIntentRequestSchema, paymentIntentSchema, paymentRequestSchema } from '#shared/schemas/payment.ts';

export const createIntent = api.Payments.post('/create-payment-intent', {
  access: 'signed-in',
  operationId: 'createPaymentIntent',
  summary: 'Start paying for a booking',
  description:
    "The caller's own booking awaiting payment; the amount is the booking's price, computed by the server (a price " +
    'in the body is ignored). A booking has at most one open intent however many requests race: asking again ' +
    'answers the same one, and after the charge succeeded, the succeeded one. 409 when the order has ended or ' +
    'its book is hidden by reports.',
  request: { body: jsonBody(paymentIntentRequestSchema) },
  responses: {
    200: jsonContent(paymentIntentSchema, 'A client secret for the card form'),
    ...errorResponses(403, 404, 409, 502),
  },
});

export const record = api.Payments.post('/payments', {
  access: 'signed-in',
  operationId: 'recordPayment',
  summary: 'Record a payment',
  description:
    'Asks the payment provider about the transaction (succeeded, same booking) and, in one transaction, records ' +
    'the payment once, marks the booking Paid and the book Sold. A retry or replay of the same transaction ' +
    'answers the same insertedId. A charge for an order that ended before it arrived is refunded instead (409).',
  request: { body: jsonBody(paymentRequestSchema) },
  responses: { 200: jsonContent(insertedId, 'The payment record'), ...errorResponses(403, 404, 409, 502) },
});

export const soldStatus = api.Payments.put('/books/payments/{bookId}', {
  operationId: 'markBookSold',
  summary: 'Compatibility: mark a paid book sold',
  description:
    'POST /payments already sold the book; this changes nothing and answers modifiedCount 1 exactly when the ' +
    'caller paid for the book.',
  ...stateCheck(uuidParam('bookId', { message: 'bookId must be a uuid' })),
});
