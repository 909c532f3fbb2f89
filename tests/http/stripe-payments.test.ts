import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { payments } from '#server/db/schema/orders.ts';
import { type FakeStripe, fakeStripeKeys } from '../support/fake-stripe.ts';
import { futureExpiry, openStripeShop, type Shop } from '../support/orders.ts';
import { errorOf, type TestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

let t: TestApp;
let stripe: FakeStripe;
let newBooking: Shop['newBooking'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, stripe, newBooking, close } = await openStripeShop());
});
afterAll(() => close());

async function openIntent(buyer: TestUser, bookingId: string) {
  const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId, price: 1 } });
  return await jsonOf(res, 200);
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

describe('the Stripe provider (against a local Stripe API)', () => {
  it('creates a PaymentIntent for the booking’s price with the booking in its metadata', async () => {
    const { buyer, bookingId } = await newBooking(2599);
    const answer = await openIntent(buyer, bookingId);
    expect(answer).toMatchObject({
      provider: 'stripe',
      publishableKey: fakeStripeKeys.STRIPE_PUBLISHABLE_KEY,
      testMode: true,
      amount: 25.99,
      currency: 'USD',
    });
    const intent = stripe.intents.get(intentIdOf(answer.clientSecret))!;
    expect(intent).toMatchObject({
      amount: 2599,
      currency: 'usd',
      metadata: { bookingId },
      allowed_payment_method_types: ['card'],
      client_secret: answer.clientSecret,
    });
  });

  it('reuses the intent for a reload: one intent per booking, created once under an idempotency key', async () => {
    const { buyer, bookingId } = await newBooking();
    const first = await openIntent(buyer, bookingId);
    const second = await openIntent(buyer, bookingId);
    expect(second.clientSecret).toBe(first.clientSecret);
    const creates = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.filter((r) => r.idempotencyKey === `booking-${bookingId}-1`)).toHaveLength(1);
  });

  it('records the payment only after Stripe says the intent succeeded', async () => {
    const { buyer, book, bookingId } = await newBooking(2599);
    const transactionId = intentIdOf((await openIntent(buyer, bookingId)).clientSecret);
    const early = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(early.status).toBe(409);

    stripe.succeed(transactionId);
    const res = await t.as(buyer).payments.$post({ json: { bookingId, transactionId, price: 0.01 } });
    const { insertedId } = await jsonOf(res, 200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, insertedId));
    expect(payment).toMatchObject({ provider: 'stripe', transactionId, priceCents: 2599, currency: 'USD' });
    const [row] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
    expect(row!.status).toBe('Sold');

    const replay = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(await replay.json()).toEqual({ insertedId });
  });

  it('refunds a charge whose amount differs; refuses another booking’s intent and ids Stripe does not know', async () => {
    const { buyer, bookingId } = await newBooking();
    const transactionId = intentIdOf((await openIntent(buyer, bookingId)).clientSecret);
    stripe.succeed(transactionId).amount = 1;
    const wrongAmount = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(wrongAmount.status).toBe(409);
    await t.runJobs();
    expect(stripe.refunds.get(transactionId)).toMatchObject({ amount: 1 });

    const other = await newBooking();
    const elsewhere = await t.as(other.buyer).payments.$post({ json: { bookingId: other.bookingId, transactionId } });
    expect(await errorOf(elsewhere, 400)).toEqual({
      error: 'This transaction is for another order',
      code: 'BAD_REQUEST',
    });

    for (const unknown of ['pi_does_not_exist', 'not-an-intent', '../../v1/charges']) {
      const res = await t.as(buyer).payments.$post({ json: { bookingId, transactionId: unknown } });
      expect(res.status).toBe(400);
    }
    expect(stripe.requests.some((r) => r.path.includes('charges'))).toBe(false);
  });

  it('answers 409 with Stripe’s reason when Stripe refuses the amount', async () => {
    const { buyer, bookingId } = await newBooking(25);
    const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
    expect(await errorOf(res, 409)).toEqual({
      error: 'The card processor cannot take this payment: Amount must be at least $0.50 usd',
      code: 'CONFLICT',
    });
  });

  it('has no test card endpoint', async () => {
    const { buyer, bookingId } = await newBooking();
    const { clientSecret } = await openIntent(buyer, bookingId);
    const res = await t.as(buyer).payments.test.confirm.$post({
      json: { clientSecret, cardNumber: '4242424242424242', expiry: futureExpiry, cvc: '123' },
    });
    expect(res.status).toBe(404);
  });
});
