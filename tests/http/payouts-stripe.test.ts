import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { reconcilePayouts } from '#server/features/payouts/payouts-ledger.service.ts';
import { createBook, createCategory } from '../support/factories.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bookAs, openStripeShop } from '../support/orders.ts';
import { enterCode } from '../support/payouts.ts';
import { errorOf, type TestUser, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// Payouts through Stripe Connect (ADR 026), against the local Stripe stand-in: Express accounts onboarded by Account
// Links, their state from the signed account.updated webhook, separate charges and transfers (source_transaction,
// transfer_group = the order, one idempotency key per order), reversals, and a debt when the balance is gone.

const shop = await openStripeShop();
const { t, stripe } = shop;
afterAll(() => shop.close());
const admin = await t.newUser('Admin');
const categoryId = (await createCategory(t.db)).id;

const eventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;

function deliver(event: { payload: string; signature: string }) {
  return t.app.request('/api/webhooks/stripe-connect', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, 'stripe-signature': event.signature },
    body: event.payload,
  });
}

const accountUpdated = (stripe: FakeStripe, accountId: string, id = eventId()) =>
  stripe.signedEvent({ id, type: 'account.updated', object: stripe.accounts.get(accountId) });

async function accountOf(seller: TestUser) {
  const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
  return row!;
}

/** A seller who went through Stripe's onboarding, and Stripe told the store by webhook. */
async function onboardedSeller() {
  const seller = await t.newUser('Seller', { verified: true });
  const link = await t.call('POST', '/api/payouts/account/link', { as: seller });
  expect(link.status).toBe(200);
  const { accountId } = await accountOf(seller);
  stripe.completeOnboarding(accountId);
  expect(await (await deliver(accountUpdated(stripe, accountId))).json()).toEqual({
    received: true,
    outcome: 'applied',
  });
  return { seller, accountId };
}

/** A paid order of a book of `seller`, paid by card through Stripe and recorded by the buyer's page. */
async function paidOrderOf(seller: TestUser, resalePriceCents = 2000) {
  const buyer = await t.newUser('Buyer');
  const book = await createBook(t.db, { sellerId: seller.id, categoryId, resalePriceCents });
  const bookingId = await bookAs(t, buyer, book.id);
  const { clientSecret } = await jsonOf(await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } }), 200);
  const intent = stripe.succeed(clientSecret.split('_secret_')[0]!);
  const recorded = await t
    .as(buyer)
    .payments.$post({ json: { bookingId, transactionId: intent.id, price: 1, email: buyer.email } });
  await jsonOf(recorded, 200);
  return { buyer, bookingId, intent };
}

describe('onboarding', () => {
  it('creates one Express account per seller, a fresh Account Link each time, and reads its state from the webhook', async () => {
    const seller = await t.newUser('Seller', { verified: true });
    const link = async () =>
      (await (await t.call('POST', '/api/payouts/account/link', { as: seller })).json()) as { url: string };
    const first = await link();
    const again = await link();
    expect(first.url).not.toBe(again.url);
    const { accountId, state } = await accountOf(seller);
    expect(state).toBe('onboarding');
    expect([...stripe.accounts.values()].filter((a) => a.metadata.sellerId === seller.id)).toHaveLength(1);

    const view = await t.call('GET', '/api/payouts/account', { as: seller });
    expect(await view.json()).toMatchObject({ provider: 'stripe', testMode: true, state: 'onboarding' });

    stripe.completeOnboarding(accountId);
    const event = accountUpdated(stripe, accountId);
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await accountOf(seller)).state).toBe('active');

    // An older event arriving late cannot put back the older state: the account is asked for afresh.
    const stale = stripe.signedEvent({
      id: eventId(),
      type: 'account.updated',
      object: { ...stripe.accounts.get(accountId), payouts_enabled: false, details_submitted: false },
    });
    expect((await deliver(stale)).status).toBe(200);
    expect((await accountOf(seller)).state).toBe('active');
  });

  it('refuses a webhook with a wrong signature (400), and the test bank numbers under Stripe (404)', async () => {
    const seller = await t.newUser('Seller', { verified: true });
    const event = stripe.signedEvent({ id: eventId(), type: 'account.updated', object: {} }, 'whsec_wrong');
    expect((await errorOf(await deliver(event), 400)).error).toMatch(/signature/);
    const res = await t.call('PUT', '/api/payouts/account/test', {
      as: seller,
      json: { routingNumber: '110000000', accountNumber: '000123456789' },
    });
    expect(res.status).toBe(404);
    expect((await t.call('POST', '/api/payouts/account/refresh', { as: seller })).status).toBe(409);
  });

  it('refreshes the state when the seller comes back from Stripe', async () => {
    const seller = await t.newUser('Seller', { verified: true });
    await t.call('POST', '/api/payouts/account/link', { as: seller });
    stripe.completeOnboarding((await accountOf(seller)).accountId);
    const res = await t.call('POST', '/api/payouts/account/refresh', { as: seller });
    expect(await res.json()).toMatchObject({ state: 'active' });
  });
});

describe('transfers', () => {
  it('sends the share from the charge, filed under the order, once per order', async () => {
    const { seller, accountId } = await onboardedSeller();
    const { bookingId, intent } = await paidOrderOf(seller, 2000);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    const made = [...stripe.transfers.values()].filter((tr) => tr.transfer_group === bookingId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: 1840,
      destination: accountId,
      source_transaction: stripe.intents.get(intent.id)!.latest_charge,
    });
    const keys = stripe.requests.filter((r) => r.path === '/v1/transfers').map((r) => r.idempotencyKey);
    expect(keys).toContain(`transfer-${bookingId}-0`);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('waits while Stripe restricts the account, and goes out when the webhook says it works again', async () => {
    const { seller, accountId } = await onboardedSeller();
    stripe.restrict(accountId);
    const { bookingId } = await paidOrderOf(seller);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    expect((await accountOf(seller)).state).toBe('restricted');
    const overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    expect(overview.waiting.some((w: { sellerId: string }) => w.sellerId === seller.id)).toBe(true);
    expect([...stripe.transfers.values()].filter((tr) => tr.transfer_group === bookingId)).toHaveLength(0);

    stripe.completeOnboarding(accountId);
    await deliver(accountUpdated(stripe, accountId));
    await t.runJobs();
    expect([...stripe.transfers.values()].filter((tr) => tr.transfer_group === bookingId)).toHaveLength(1);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('retries when the store’s balance cannot cover it, and sends it once the balance can', async () => {
    const { seller } = await onboardedSeller();
    stripe.platform.available = 0;
    const { bookingId } = await paidOrderOf(seller);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    const overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    const failed = overview.failedTransfers.find((f: { bookingId: string }) => f.bookingId === bookingId);
    expect(failed.lastError).toMatch(/insufficient available funds/);
    stripe.platform.available = null;
    expect((await t.call('POST', `/api/payouts/admin/transfers/${bookingId}/retry`, { as: admin })).status).toBe(200);
    await t.runJobs();
    expect([...stripe.transfers.values()].filter((tr) => tr.transfer_group === bookingId)).toHaveLength(1);
  });
});

describe('a refund after release', () => {
  async function releasedThenRefunded(payOutFirst: boolean) {
    const { seller, accountId } = await onboardedSeller();
    const { buyer, bookingId } = await paidOrderOf(seller, 2000);
    // A month passes: RELEASE_AFTER and HANDOVER_PERIOD are behind the order.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await t.db.update(bookings).set({ paidAt: monthAgo }).where(eq(bookings.id, bookingId));
    await t.db.update(handovers).set({ createdAt: monthAgo }).where(eq(handovers.bookingId, bookingId));
    await reconcilePayouts(t.db, t.deps.env);
    await t.runJobs();
    if (payOutFirst) stripe.payOut(accountId);
    const reported = await t.call('POST', `/api/handovers/${bookingId}/problem`, { as: buyer, json: { reason: 'No' } });
    expect(reported.status).toBe(200);
    expect((await t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin })).status).toBe(200);
    await t.runJobs();
    return { seller, bookingId };
  }

  it('reverses the transfer while the seller’s balance covers it', async () => {
    const { bookingId } = await releasedThenRefunded(false);
    const transfer = [...stripe.transfers.values()].find((tr) => tr.transfer_group === bookingId)!;
    expect(transfer).toMatchObject({ amount_reversed: 1840, reversed: true });
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('records a debt when the balance went to the bank, shown to the seller and the admins', async () => {
    const { seller } = await releasedThenRefunded(true);
    const earnings = await (await t.call('GET', '/api/payouts/earnings', { as: seller })).json();
    expect(earnings.totals.debt).toBe(18.4);
    const overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    expect(overview.debts).toContainEqual({
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      closed: false,
      amount: 18.4,
    });
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
