import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookings, payments, processedEvents } from '#server/db/schema/orders.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { openStripeShop, type Shop } from '../support/orders.ts';
import { errorOf, type TestApp, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

let t: TestApp;
let stripe: FakeStripe;
let newBooking: Shop['newBooking'];
let seller: Shop['seller'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, stripe, newBooking, seller, close } = await openStripeShop());
});
afterAll(() => close());

/** A booking whose PaymentIntent Stripe.js confirmed, but whose tab closed before it told the server. */
async function paidButUnrecorded(resalePriceCents = 1500) {
  const { buyer, book, bookingId } = await newBooking(resalePriceCents);
  const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
  const { clientSecret } = await jsonOf(res, 200);
  const intent = stripe.succeed(clientSecret.split('_secret_')[0]!);
  return { buyer, book, bookingId, intent };
}

function deliver(payload: string, signature?: string) {
  return t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: testOrigin,
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
}

const eventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;

describe('POST /api/webhooks/stripe', () => {
  it('completes the sale on a signed payment_intent.succeeded when the tab was closed', async () => {
    const { buyer, book, bookingId, intent } = await paidButUnrecorded();
    const event = stripe.signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent });
    const res = await deliver(event.payload, event.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'completed' });

    const recorded = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ transactionId: intent.id, provider: 'stripe', priceCents: 1500 });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('Paid');
    const [row] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
    expect(row!.status).toBe('Sold');

    // The buyer comes back and the page records the payment: the same record.
    const later = await t.as(buyer).payments.$post({ json: { bookingId, transactionId: intent.id } });
    expect(await later.json()).toEqual({ insertedId: recorded[0]!.id });
  });

  it('ignores a redelivered event, even many at once', async () => {
    const { bookingId, intent } = await paidButUnrecorded();
    const event = stripe.signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent });
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(event.payload, event.signature)));
    const outcomes = await Promise.all(answers.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === 'completed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(7);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    const again = await deliver(event.payload, event.signature);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('changes nothing for a sale the browser already recorded', async () => {
    const { buyer, bookingId, intent } = await paidButUnrecorded();
    const recorded = await t.as(buyer).payments.$post({ json: { bookingId, transactionId: intent.id } });
    expect(recorded.status).toBe(200);
    const event = stripe.signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent });
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
  });

  it('refuses a missing, forged or stale signature, and a body changed after signing', async () => {
    const { bookingId, intent } = await paidButUnrecorded();
    const id = eventId();
    const event = stripe.signedEvent({ id, type: 'payment_intent.succeeded', object: intent });
    const forged = stripe.signedEvent(
      { id: eventId(), type: 'payment_intent.succeeded', object: intent },
      'whsec_someone_else',
    );
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},${event.signature.split(',')[1]}`;
    const tampered = event.payload.replace('"amount":1500', '"amount":1');
    expect((await deliver(event.payload)).status).toBe(400);
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    expect((await deliver(event.payload, stale)).status).toBe(400);
    const changed = await deliver(tampered, event.signature);
    expect(await errorOf(changed, 400)).toEqual({ error: 'The webhook signature does not match', code: 'BAD_REQUEST' });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
    expect(await t.db.select().from(processedEvents).where(eq(processedEvents.id, id))).toEqual([]);
  });

  it('acknowledges other events without acting on them', async () => {
    const { bookingId, intent } = await paidButUnrecorded();
    const event = stripe.signedEvent({ id: eventId(), type: 'payment_intent.created', object: intent });
    const res = await deliver(event.payload, event.signature);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
  });

  it('refunds a charge for an order that ended first, keeps its order from being deleted meanwhile, and refuses strangers', async () => {
    const late = await paidButUnrecorded();
    // The card was charged: the order cannot be deleted out from under the payment.
    expect((await t.as(late.buyer).wishList[':id'].$delete({ param: { id: late.bookingId } })).status).toBe(409);
    const cancelled = await t
      .as(seller)
      .booking[':id'].cancel.$post({ param: { id: late.bookingId }, json: { reason: 'Sold it at the market' } });
    expect(cancelled.status).toBe(200);
    const event = stripe.signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: late.intent });
    const res = await deliver(event.payload, event.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'refunded' });
    expect(await t.db.select().from(payments).where(eq(payments.transactionId, late.intent.id))).toEqual([]);
    await t.runJobs();
    expect(stripe.refunds.get(late.intent.id)).toMatchObject({ amount: late.intent.amount });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, late.bookingId));
    expect(booking!.status).toBe('Refunded');

    const cheap = await paidButUnrecorded();
    const wrong = stripe.signedEvent({
      id: eventId(),
      type: 'payment_intent.succeeded',
      object: { ...cheap.intent, amount: 1 },
    });
    expect(await (await deliver(wrong.payload, wrong.signature)).json()).toMatchObject({ outcome: 'refunded' });
    const [unpaid] = await t.db.select().from(bookings).where(eq(bookings.id, cheap.bookingId));
    expect(unpaid!.status).toBeNull();

    const stranger = stripe.signedEvent({
      id: eventId(),
      type: 'payment_intent.succeeded',
      object: { ...cheap.intent, id: 'pi_other_shop', metadata: { bookingId: 'not-ours' } },
    });
    expect(await (await deliver(stranger.payload, stranger.signature)).json()).toEqual({
      received: true,
      outcome: 'refused',
    });
  });
});
