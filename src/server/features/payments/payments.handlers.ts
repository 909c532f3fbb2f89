import { AppError } from '#server/app-error.ts';
import { requireOwnOrder } from '#server/features/bookings/bookings.public.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { fromCents } from '#shared/money.ts';
import type { routes } from './payments.routes.ts';
import { findBooking, findRecordedPayment, isPaidBy, settleCharge, startPayment } from './payments.service.ts';

export const createPaymentIntent: AppRouteHandler<typeof routes.createPaymentIntent> = async (c) => {
  const { db, payments: provider, env } = c.var.deps;
  const buyer = callerOf(c);
  const started = await startPayment(db, provider, env.CURRENCY, c.req.valid('json').bookingId, buyer.id);
  if (!started.intent.clientSecret) throw new AppError('BAD_GATEWAY', 'The card processor gave no client secret');
  return c.json(
    {
      clientSecret: started.intent.clientSecret,
      provider: provider.name,
      ...(provider.name === 'stripe' ? { publishableKey: provider.publishableKey } : {}),
      testMode: provider.testMode,
      amount: fromCents(started.amountCents),
      currency: env.CURRENCY,
    },
    200,
  );
};

export const recordPayment: AppRouteHandler<typeof routes.recordPayment> = async (c) => {
  const { db, payments: provider, env } = c.var.deps;
  const buyer = callerOf(c);
  const { bookingId, transactionId } = c.req.valid('json');
  requireOwnOrder(await findBooking(db, bookingId), buyer, 'order.pay');
  // A replay of a recorded payment needs no second word from the provider.
  const recorded = await findRecordedPayment(db, bookingId, transactionId);
  if (recorded) return c.json({ insertedId: recorded }, 200);
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw new AppError('BAD_REQUEST', 'The payment provider knows no such transaction');
  if (intent.bookingId !== bookingId) throw new AppError('BAD_REQUEST', 'This transaction is for another order');
  const settled = await settleCharge(db, intent, provider.name, env);
  if (settled.outcome === 'refunded') {
    throw new AppError('CONFLICT', `This payment is being refunded: ${settled.reason}`);
  }
  return c.json({ insertedId: settled.paymentId }, 200);
};

export const markBookSold: AppRouteHandler<typeof routes.markBookSold> = async (c) => {
  const caller = callerOf(c);
  const paid = await isPaidBy(c.var.deps.db, c.req.valid('param').bookId, caller.id);
  return c.json({ modifiedCount: paid ? 1 : 0 }, 200);
};
