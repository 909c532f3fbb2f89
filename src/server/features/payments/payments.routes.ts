import { z } from '@hono/zod-openapi';
import { fromCents } from '../../../shared/money.ts';
import {
  paymentIntentRequestSchema,
  paymentIntentSchema,
  paymentRequestSchema,
} from '../../../shared/schemas/payment.ts';

import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { findBooking, findRecordedPayment, isPaidBy, settleCharge, startPayment } from './payments.service.ts';
import { stripeWebhookRoute, testCardRoute } from './provider-callbacks.routes.ts';

const createIntent = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/create-payment-intent',
  operationId: 'createPaymentIntent',
  tags: ['Payments'],
  summary: 'Start paying for a booking',
  description:
    "The caller's own booking awaiting payment; the amount is the booking's price, computed by the server (a price " +
    'in the body is ignored). A booking has at most one open intent however many requests race: asking again ' +
    'answers the same one, and after the charge succeeded, the succeeded one. 409 when the order has ended or ' +
    'its book is hidden by reports.',
  request: { body: { content: { 'application/json': { schema: paymentIntentRequestSchema } }, required: true } },
  responses: {
    200: jsonContent(paymentIntentSchema, 'A client secret for the card form'),
    ...errorResponses(400, 401, 403, 404, 409, 502),
  },
});

const record = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/payments',
  operationId: 'recordPayment',
  tags: ['Payments'],
  summary: 'Record a payment',
  description:
    'Asks the payment provider about the transaction (succeeded, same booking) and, in one transaction, records ' +
    'the payment once, marks the booking Paid and the book Sold. A retry or replay of the same transaction ' +
    'answers the same insertedId. A charge for an order that ended before it arrived is refunded instead (409).',
  request: { body: { content: { 'application/json': { schema: paymentRequestSchema } }, required: true } },
  responses: {
    200: jsonContent(z.object({ insertedId: z.uuid() }), 'The payment record'),
    ...errorResponses(400, 401, 403, 404, 409, 502),
  },
});

const soldStatus = defineRoute({
  access: 'signed-in',
  method: 'put',
  path: '/books/payments/{bookId}',
  operationId: 'markBookSold',
  tags: ['Payments'],
  summary: 'Compatibility: mark a paid book sold',
  description:
    'POST /payments already sold the book; this changes nothing and answers modifiedCount 1 exactly when the ' +
    'caller paid for the book.',
  request: { params: z.object({ bookId: z.uuid('bookId must be a uuid') }) },
  responses: {
    200: jsonContent(z.object({ modifiedCount: z.number().int() }), 'modifiedCount 1 when the state holds'),
    ...errorResponses(400, 401),
  },
});

export function paymentsRoutes(deps: AppDeps) {
  const { db, payments: provider } = deps;
  const currency = deps.env.CURRENCY;
  return createRouter()
    .openapi(createIntent, async (c) => {
      const buyer = callerOf(c);
      const started = await startPayment(db, provider, currency, c.req.valid('json').bookingId, buyer.id);
      if (!started.intent.clientSecret) throw new AppError('BAD_GATEWAY', 'The card processor gave no client secret');
      return c.json(
        {
          clientSecret: started.intent.clientSecret,
          provider: provider.name,
          ...(provider.name === 'stripe' ? { publishableKey: provider.publishableKey } : {}),
          testMode: provider.testMode,
          amount: fromCents(started.amountCents),
          currency,
        },
        200,
      );
    })
    .openapi(record, async (c) => {
      const buyer = callerOf(c);
      const { bookingId, transactionId } = c.req.valid('json');
      const booking = await findBooking(db, bookingId);
      if (!booking) throw new AppError('NOT_FOUND', 'No order with this id');
      if (booking.buyerId !== buyer.id) throw new AppError('FORBIDDEN', 'This order belongs to someone else');
      // A replay of a recorded payment needs no second word from the provider.
      const recorded = await findRecordedPayment(db, bookingId, transactionId);
      if (recorded) return c.json({ insertedId: recorded }, 200);
      const intent = await provider.retrieveIntent(transactionId);
      if (!intent) throw new AppError('BAD_REQUEST', 'The payment provider knows no such transaction');
      if (intent.bookingId !== bookingId) throw new AppError('BAD_REQUEST', 'This transaction is for another order');
      const settled = await settleCharge(db, intent, provider.name, currency);
      if (settled.outcome === 'refunded') {
        throw new AppError('CONFLICT', `This payment is being refunded: ${settled.reason}`);
      }
      return c.json({ insertedId: settled.paymentId }, 200);
    })
    .openapi(soldStatus, async (c) => {
      const caller = callerOf(c);
      const paid = await isPaidBy(db, c.req.valid('param').bookId, caller.id);
      return c.json({ modifiedCount: paid ? 1 : 0 }, 200);
    })
    .route('/', testCardRoute(deps))
    .route('/', stripeWebhookRoute(deps));
}
