import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createCategory } from '../support/factories.ts';
import { fakeStripeKeys } from '../support/fake-stripe.ts';
import { bookAs } from '../support/orders.ts';
import { createTestApp, errorOf, type TestApp } from '../support/test-app.ts';

/** A Stripe API address that answers every call with Stripe's own 500 error. */
async function failingStripe(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const failing = await failingStripe();
const unreachable = `http://127.0.0.1:${await closedPort()}`;
const broken = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

describe.each([
  ['cannot be reached', unreachable],
  ['fails on its side', broken],
])('when Stripe %s', (_what, apiUrl) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...fakeStripeKeys, STRIPE_API_URL: apiUrl });
  });
  afterAll(() => t.close());

  it('starting and recording a payment answer 502 with a message to try again, never a 500', async () => {
    const seller = await t.newUser('Seller');
    const buyer = await t.newUser('Buyer');
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: (await createCategory(t.db)).id });
    const bookingId = await bookAs(t, buyer, book.id);

    const started = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
    expect(await errorOf(started, 502)).toEqual({
      error: 'The card processor is not answering right now; please try again in a minute',
      code: 'BAD_GATEWAY',
    });

    const recorded = await t.as(buyer).payments.$post({ json: { bookingId, transactionId: 'pi_123456789' } });
    expect((await errorOf(recorded, 502)).error).toMatch(/try again/);
  });
});
