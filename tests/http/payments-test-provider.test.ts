import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testPaymentIntents } from '#server/db/schema/test-payments.ts';
import { confirmTestCard, futureExpiry, openShop, startPaying } from '../support/orders.ts';
import type { TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const { t, newBooking } = await openShop();
afterAll(() => t.close());

describe('POST /api/create-payment-intent (test provider)', () => {
  it('answers a client secret for the amount the server computes from the booking, ignoring a sent price', async () => {
    const { buyer, bookingId } = await newBooking(1250);
    const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId, price: 0.5 } });
    const body = await jsonOf(res, 200);
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/),
      provider: 'test',
      testMode: true,
      amount: 12.5,
      currency: 'USD',
    });
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, body.clientSecret as string));
    expect(intent).toMatchObject({ bookingId, amount: 1250, currency: 'usd', status: 'requires_payment_method' });
  });

  it('reuses the open intent when asked again (a reload does not open a second payment)', async () => {
    const { buyer, bookingId } = await newBooking();
    expect(await startPaying(t, buyer, bookingId)).toBe(await startPaying(t, buyer, bookingId));
  });

  it("refuses someone else's booking (403), an unknown one (404), a bad id (400), a visitor (401)", async () => {
    const { bookingId } = await newBooking();
    const other = await t.newUser('Buyer');
    // Raw calls: bodies of any shape, and as nobody.
    const call = (json: unknown, as?: TestUser) => t.call('POST', '/api/create-payment-intent', { as, json });
    expect((await call({ bookingId }, other)).status).toBe(403);
    expect((await call({ bookingId: crypto.randomUUID() }, other)).status).toBe(404);
    expect((await call({ bookingId: 'x' }, other)).status).toBe(400);
    expect((await call({ price: 10 }, other)).status).toBe(400);
    expect((await call({ bookingId })).status).toBe(401);
  });
});

describe('POST /api/payments/test/confirm (the test card processor)', () => {
  it('charges 4242 4242 4242 4242 and answers the transaction id', async () => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    const res = await confirmTestCard(t, buyer, secret, '4242 4242 4242 4242');
    const body = await jsonOf(res, 200);
    expect(body).toEqual({ status: 'succeeded', transactionId: secret.split('_secret_')[0] });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.', 'card_declined'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.', 'card_declined'],
    ['4000 0000 0000 0069', 'Your card has expired.', 'expired_card'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect.", 'incorrect_cvc'],
    [
      '4000 0000 0000 0119',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ],
    ['4242 4242 4242 4241', 'Your card number is incorrect.', 'incorrect_number'],
    [
      '4539 1488 0343 6467',
      'Your card was declined: test mode accepts only test card numbers, such as 4242 4242 4242 4242.',
      'card_declined',
    ],
  ])('declines %s with "%s" and leaves the order unpaid', async (card, message, code) => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    const res = await confirmTestCard(t, buyer, secret, card);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: message, code });
    const item = await (await t.as(buyer).bookingItems[':id'].$get({ param: { id: bookingId } })).json();
    expect(item).toMatchObject({ status: null });
    // The same intent can still be paid with a good card afterwards.
    expect((await confirmTestCard(t, buyer, secret)).status).toBe(200);
  });

  it('checks the expiry date and the CVC', async () => {
    const { buyer, bookingId } = await newBooking();
    const clientSecret = await startPaying(t, buyer, bookingId);
    const confirm = (card: Record<string, string>) =>
      t.as(buyer).payments.test.confirm.$post({
        json: { clientSecret, cardNumber: '4242424242424242', expiry: futureExpiry, cvc: '123', ...card },
      });
    const past = await confirm({ expiry: '01/20' });
    expect(past.status).toBe(402);
    expect(await past.json()).toMatchObject({ error: "Your card's expiration date is in the past." });
    expect((await confirm({ expiry: '13/30' })).status).toBe(400);
    const amexCvc = await confirm({ cardNumber: '378282246310005', cvc: '123' });
    expect(await amexCvc.json()).toMatchObject({ error: "Your card's security code is invalid." });
    expect((await confirm({ cvc: '12' })).status).toBe(400);
    expect((await confirm({ cardNumber: '' })).status).toBe(400);
  });

  it("refuses an unknown client secret (404), someone else's payment (403) and a visitor (401)", async () => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    expect((await confirmTestCard(t, buyer, 'pi_test_nope_secret_nope')).status).toBe(404);
    expect((await confirmTestCard(t, await t.newUser('Buyer'), secret)).status).toBe(403);
    const visitor = await t.api.payments.test.confirm.$post({
      json: { clientSecret: secret, cardNumber: '4242424242424242', expiry: futureExpiry, cvc: '123' },
    });
    expect(visitor.status).toBe(401);
  });

  it('answers 409 once the order was deleted', async () => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    await t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } });
    const res = await confirmTestCard(t, buyer, secret);
    expect(res.status).toBe(409);
  });
});

describe('webhooks without Stripe', () => {
  it('answers 404 at /api/webhooks/stripe when Stripe is not configured', async () => {
    const res = await t.call('POST', '/api/webhooks/stripe', { json: {}, headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(res.status).toBe(404);
  });
});
