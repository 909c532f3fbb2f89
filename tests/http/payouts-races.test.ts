import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { setUpTestAccount } from '#server/features/payouts/payout-accounts.service.ts';
import type { TestPayoutProvider } from '#server/features/payouts/payout-provider.ts';
import { releaseDueShare } from '#server/features/payouts/payouts.service.ts';
import { reverseTransfer, sendTransfer } from '#server/features/payouts/payouts-ledger.service.ts';
import { payOutTestBalance } from '#server/features/payouts/test-payout-provider.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { enterCode, payoutOf, workingTestBank } from '../support/payouts.ts';
import { secondServer, type TestUser } from '../support/test-app.ts';

// Races over a seller's money, each judged by the money ledger (tests/support/invariants.ts): the handover code
// against a refund, the release job against a problem report, two servers releasing and sending the same order, and
// a refund racing the transfer, with and without the seller's balance. HANDOVER_PERIOD and RELEASE_AFTER are 1 s.

const shop = await openShop({ HANDOVER_PERIOD: '1s', RELEASE_AFTER: '1s' });
const { t } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');
const provider = t.deps.payouts as TestPayoutProvider;
const categoryId = (await createCategory(t.db)).id;
const other = secondServer(t, 0);

const seller = await t.newUser('Seller', { verified: true });
await setUpTestAccount(t.db, provider, seller, workingTestBank);

async function paidOrder(of = seller) {
  const buyer = await t.newUser('Buyer');
  const book = await createBook(t.db, { sellerId: of.id, categoryId, resalePriceCents: 2500 });
  const bookingId = await bookAs(t, buyer, book.id);
  await payInFull(t, buyer, bookingId);
  return { buyer, bookingId };
}

const report = (bookingId: string, buyer: TestUser) =>
  t.call('POST', `/api/handovers/${bookingId}/problem`, { as: buyer, json: { reason: 'Never came' } });
const refund = (bookingId: string) => t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin });

async function expectLedgerWhole() {
  await t.settleAll();
  expect(await ledgerViolations(t.db)).toEqual([]);
}

describe('payout races', () => {
  it('the handover code against a refund: one winner; released and paid, or refunded and never sent', async () => {
    const rounds = [];
    for (let i = 0; i < 6; i++) rounds.push(await paidOrder());
    await sleep(1100);
    const won = { released: 0, refunded: 0 };
    for (const [i, { buyer, bookingId }] of rounds.entries()) {
      expect((await report(bookingId, buyer)).status).toBe(200);
      const [code, refunded] =
        i % 2 === 0
          ? await Promise.all([enterCode(t, seller, bookingId), refund(bookingId)])
          : (await Promise.all([refund(bookingId), enterCode(t, seller, bookingId)])).reverse();
      expect([code!.status, refunded!.status].sort()).toEqual([200, 409]);
      won[code!.status === 200 ? 'released' : 'refunded'] += 1;
    }
    await t.runJobs();
    for (const { bookingId } of rounds) {
      const { transfer, made } = await payoutOf(t, bookingId);
      expect(transfer ? made.length : 0).toBe(transfer ? 1 : 0);
    }
    console.log(`handover code racing a refund (6 rounds): ${won.released}× released, ${won.refunded}× refunded`);
    await expectLedgerWhole();
  });

  it('the release job against a problem report: released (the report comes after) or held, never both half', async () => {
    const rounds = [];
    for (let i = 0; i < 6; i++) rounds.push(await paidOrder());
    await sleep(1100);
    const won = { released: 0, held: 0 };
    for (const [i, { buyer, bookingId }] of rounds.entries()) {
      const release = () => releaseDueShare(t.db, t.deps.env, bookingId);
      const [reported] =
        i % 2 === 0
          ? await Promise.all([report(bookingId, buyer), release()])
          : (await Promise.all([release(), report(bookingId, buyer)])).reverse();
      expect((reported as Response).status).toBe(200);
      const { transfer } = await payoutOf(t, bookingId);
      won[transfer ? 'released' : 'held'] += 1;
    }
    console.log(`release job racing a problem report (6 rounds): ${won.released}× released, ${won.held}× held`);
    await t.runJobs();
    await expectLedgerWhole();
  });

  it('two servers releasing and sending the same order: one transfer', async () => {
    const rounds = [];
    for (let i = 0; i < 5; i++) rounds.push(await paidOrder());
    await sleep(1100);
    for (const { bookingId } of rounds) {
      await Promise.all([
        releaseDueShare(t.db, t.deps.env, bookingId),
        releaseDueShare(other.deps.db, other.deps.env, bookingId),
      ]);
      await Promise.all([sendTransfer(t.deps, bookingId), sendTransfer(other.deps, bookingId)]);
      const { transfer, made } = await payoutOf(t, bookingId);
      expect(transfer?.status).toBe('paid');
      expect(made).toHaveLength(1);
    }
    await expectLedgerWhole();
  });

  for (const balance of ['with', 'without'] as const) {
    it(`a refund after release racing the transfer, ${balance} the seller's balance: one reversal or one debt`, async () => {
      const outcomes: string[] = [];
      for (let i = 0; i < 4; i++) {
        // A seller of its own each round: a debt would otherwise be paid by the next round's transfer.
        const owner = await t.newUser('Seller', { verified: true });
        await setUpTestAccount(t.db, provider, owner, workingTestBank);
        const { buyer, bookingId } = await paidOrder(owner);
        await sleep(1100);
        await releaseDueShare(t.db, t.deps.env, bookingId);
        expect((await report(bookingId, buyer)).status).toBe(200);
        if (balance === 'without') {
          await sendTransfer(t.deps, bookingId);
          await payOutTestBalance(t.db, (await payoutOf(t, bookingId)).made[0]!.accountId);
        }
        await Promise.all([sendTransfer(other.deps, bookingId), refund(bookingId)]);
        await t.runJobs();
        await reverseTransfer(t.deps, bookingId);
        const { reversal, made } = await payoutOf(t, bookingId);
        expect(made.length).toBeLessThanOrEqual(1);
        outcomes.push(reversal!.outcome);
      }
      if (balance === 'without') expect(new Set(outcomes)).toEqual(new Set(['debt']));
      else expect(outcomes.every((o) => o === 'reversed' || o === 'cancelled')).toBe(true);
      console.log(`refund racing the transfer, ${balance} balance: ${outcomes.join(', ')}`);
      await expectLedgerWhole();
    });
  }
});
