import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { testTransfers } from '#server/db/schema/payouts.ts';
import { holdPayouts, liftPayoutHold, setUpTestAccount } from '#server/features/payouts/payout-accounts.service.ts';
import type { TestPayoutProvider } from '#server/features/payouts/payout-provider.ts';
import { reconcilePayouts, sendTransfer } from '#server/features/payouts/payouts-ledger.service.ts';
import { payOutTestBalance } from '#server/features/payouts/test-payout-provider.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { enterCode, payoutOf, workingTestBank } from '../support/payouts.ts';
import type { TestUser } from '../support/test-app.ts';

// Releasing a seller's share (ADR 026) with the test payout provider: at the handover code, or RELEASE_AFTER (3 s
// here) after the payment when no problem is reported; held by a problem report; taken back after a refund by a
// reversal, or as a debt the next transfer pays.

const shop = await openShop({ PLATFORM_FEE: '10%,1.00,5.00', HANDOVER_PERIOD: '1s', RELEASE_AFTER: '3s' });
const { t } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');
const provider = t.deps.payouts as TestPayoutProvider;
const categoryId = (await createCategory(t.db)).id;

/** A seller of their own, with a working test payout account unless `withAccount` is false. */
async function newSeller(withAccount = true) {
  const seller = await t.newUser('Seller', { verified: true });
  if (withAccount) await setUpTestAccount(t.db, provider, seller, workingTestBank);
  return seller;
}

async function paidOrderOf(seller: TestUser, priceCents = 2000) {
  const buyer = await t.newUser('Buyer');
  const book = await createBook(t.db, { sellerId: seller.id, categoryId, resalePriceCents: priceCents });
  const bookingId = await bookAs(t, buyer, book.id);
  await payInFull(t, buyer, bookingId);
  return { buyer, bookingId };
}

async function mailsTo(userId: string, template: string) {
  const rows = await t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, template)));
  return rows.length;
}

const refund = (bookingId: string) => t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin });
const report = (bookingId: string, buyer: TestUser) =>
  t.call('POST', `/api/handovers/${bookingId}/problem`, { as: buyer, json: { reason: 'Never came' } });

async function expectLedgerWhole() {
  await t.settleAll();
  expect(await ledgerViolations(t.db)).toEqual([]);
}

describe('release at the handover code', () => {
  it('transfers the share (price less the fee) once, and tells the seller', async () => {
    const seller = await newSeller();
    const { bookingId } = await paidOrderOf(seller, 2000);
    expect((await payoutOf(t, bookingId)).transfer).toBeUndefined();
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    expect((await payoutOf(t, bookingId)).transfer).toMatchObject({ status: 'pending', releaseReason: 'code' });
    await t.runJobs();
    const { transfer, made, share, fee } = await payoutOf(t, bookingId);
    expect({ share, fee }).toEqual({ share: 1800, fee: 200 });
    expect(transfer).toMatchObject({ status: 'paid', amountCents: 1800, debtTakenCents: 0 });
    expect(made).toMatchObject([{ amount: 1800, transferGroup: bookingId, id: transfer!.providerTransferId }]);
    expect(await mailsTo(seller.id, 'share-released')).toBe(1);
    // Running the transfer again (a retried job, a second server) sends nothing more.
    await sendTransfer(t.deps, bookingId);
    expect((await payoutOf(t, bookingId)).made).toHaveLength(1);
    await expectLedgerWhole();
  });

  it('keeps a new seller’s money waiting, mails them, and sends it once their account works', async () => {
    const seller = await newSeller(false);
    const { bookingId } = await paidOrderOf(seller);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('waiting');
    expect(await mailsTo(seller.id, 'share-waiting')).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);

    await setUpTestAccount(t.db, provider, seller, { ...workingTestBank, accountNumber: '000111111116' });
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('waiting');
    await setUpTestAccount(t.db, provider, seller, workingTestBank);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('paid');
    await expectLedgerWhole();
  });

  it('keeps a held seller’s money waiting until the hold is lifted', async () => {
    const seller = await newSeller();
    await holdPayouts(t.db, seller.id, admin.id, 'Under review');
    const { bookingId } = await paidOrderOf(seller);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('waiting');
    await liftPayoutHold(t.db, seller.id);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('paid');
    await expectLedgerWhole();
  });
});

describe('release after RELEASE_AFTER', () => {
  it('releases an order nobody reported, and holds one with a problem report until an admin dismisses it', async () => {
    const seller = await newSeller();
    const quiet = await paidOrderOf(seller);
    const reported = await paidOrderOf(seller);
    await sleep(1100);
    expect((await report(reported.bookingId, reported.buyer)).status).toBe(200);
    await t.runJobs();
    expect((await payoutOf(t, quiet.bookingId)).transfer).toBeUndefined();
    await sleep(2000);
    await t.runJobs();
    expect((await payoutOf(t, quiet.bookingId)).transfer).toMatchObject({ status: 'paid', releaseReason: 'automatic' });
    expect((await payoutOf(t, reported.bookingId)).transfer).toBeUndefined();

    const dismissed = await t.call('POST', `/api/handoverProblems/${reported.bookingId}/dismiss`, { as: admin });
    expect(dismissed.status).toBe(200);
    await reconcilePayouts(t.db, t.deps.env);
    await t.runJobs();
    expect((await payoutOf(t, reported.bookingId)).transfer?.status).toBe('paid');
    await expectLedgerWhole();
  });
});

describe('a seller whose account an admin closed', () => {
  it('is still paid what they are owed, without mail; without a payout account the money waits, marked for admins', async () => {
    const paid = await newSeller();
    const unpaid = await newSeller(false);
    const orders = [await paidOrderOf(paid), await paidOrderOf(unpaid)];
    for (const seller of [paid, unpaid]) {
      expect((await t.call('DELETE', `/api/users/${seller.id}`, { as: admin })).status).toBe(200);
    }
    await sleep(3100);
    await t.runJobs();
    expect((await payoutOf(t, orders[0]!.bookingId)).transfer).toMatchObject({ status: 'paid' });
    expect((await payoutOf(t, orders[1]!.bookingId)).transfer).toMatchObject({ status: 'waiting' });
    for (const seller of [paid, unpaid]) {
      for (const template of ['share-released', 'share-waiting']) expect(await mailsTo(seller.id, template)).toBe(0);
    }
    const overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    expect(overview.waiting).toContainEqual(
      expect.objectContaining({ sellerId: unpaid.id, sellerName: 'Closed account', closed: true, orders: 1 }),
    );
    await expectLedgerWhole();
  });
});

describe('a refund', () => {
  it('before release just refunds: no transfer, no reversal', async () => {
    const seller = await newSeller();
    const { buyer, bookingId } = await paidOrderOf(seller);
    await sleep(1100);
    expect((await report(bookingId, buyer)).status).toBe(200);
    expect((await refund(bookingId)).status).toBe(200);
    await sleep(2000);
    await reconcilePayouts(t.db, t.deps.env);
    await t.runJobs();
    expect(await payoutOf(t, bookingId)).toMatchObject({ transfer: undefined, reversal: undefined, made: [] });
    await expectLedgerWhole();
  });

  it('after release reverses the transfer while the seller’s balance covers it', async () => {
    const seller = await newSeller();
    const { buyer, bookingId } = await paidOrderOf(seller);
    await sleep(3100);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('paid');
    expect((await report(bookingId, buyer)).status).toBe(200);
    expect((await refund(bookingId)).status).toBe(200);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).reversal).toMatchObject({ outcome: 'reversed', amountCents: 1800 });
    await expectLedgerWhole();
  });

  it('after release records a debt when the balance was paid out, and the next transfer pays it', async () => {
    const seller = await newSeller();
    const first = await paidOrderOf(seller, 2000);
    await sleep(3100);
    await t.runJobs();
    const { made } = await payoutOf(t, first.bookingId);
    expect(await payOutTestBalance(t.db, made[0]!.accountId)).toBe(1800);
    expect((await report(first.bookingId, first.buyer)).status).toBe(200);
    expect((await refund(first.bookingId)).status).toBe(200);
    await t.runJobs();
    expect((await payoutOf(t, first.bookingId)).reversal).toMatchObject({ outcome: 'debt', amountCents: 1800 });
    expect(await ledgerViolations(t.db)).toEqual([]);

    const second = await paidOrderOf(seller, 3000);
    expect((await enterCode(t, seller, second.bookingId)).status).toBe(200);
    await t.runJobs();
    const next = await payoutOf(t, second.bookingId);
    expect(next.transfer).toMatchObject({ status: 'paid', amountCents: 2700, debtTakenCents: 1800 });
    expect(next.made.map((m) => m.amount)).toEqual([900]);
    await expectLedgerWhole();
  });

  it('after release but before the money was sent cancels the transfer', async () => {
    const seller = await newSeller(false);
    const { buyer, bookingId } = await paidOrderOf(seller);
    await sleep(3100);
    await t.runJobs();
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('waiting');
    expect((await report(bookingId, buyer)).status).toBe(200);
    expect((await refund(bookingId)).status).toBe(200);
    await setUpTestAccount(t.db, provider, seller, workingTestBank);
    await t.runJobs();
    expect(await payoutOf(t, bookingId)).toMatchObject({
      transfer: { status: 'cancelled' },
      reversal: { outcome: 'cancelled' },
      made: [],
    });
    await expectLedgerWhole();
  });
});

describe('a crash between the transfer and its record', () => {
  it('ends in exactly one transfer: the job asks again with the same key', async () => {
    const seller = await newSeller();
    const { bookingId } = await paidOrderOf(seller);
    const crashing = {
      ...t.deps,
      payouts: {
        ...provider,
        async transfer(input: Parameters<TestPayoutProvider['transfer']>[0]) {
          await provider.transfer(input);
          throw new Error('the server died here');
        },
      },
    };
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await expect(sendTransfer(crashing, bookingId)).rejects.toThrow('the server died here');
    expect((await payoutOf(t, bookingId)).transfer?.status).toBe('sending');
    await t.runJobs();
    const { transfer, made } = await payoutOf(t, bookingId);
    expect(transfer?.status).toBe('paid');
    expect(made).toHaveLength(1);
    expect(transfer?.providerTransferId).toBe(made[0]!.id);
    const all = await t.db.select().from(testTransfers).where(eq(testTransfers.transferGroup, bookingId));
    expect(all).toHaveLength(1);
    await expectLedgerWhole();
  });
});
