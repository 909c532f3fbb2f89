import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { payoutAccounts, testBankPayouts, testTransferReversals, testTransfers } from '#server/db/schema/payouts.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { testBankNumbers } from '#shared/payouts.ts';
import { type PayoutAccountStatus, PayoutRefused, type TestPayoutProvider } from './payout-provider.ts';

const randomToken = () => randomBytes(12).toString('hex');

/** A test account's balance (transfers less reversals less bank payouts), under a lock so its moves take turns. */
async function lockedBalance(tx: Tx, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-payout-account:${accountId}`}))`);
  const { rows } = await tx.execute<{ balance: number }>(sql`select
    coalesce((select sum(amount) from ${testTransfers} where account_id = ${accountId}), 0)
    - coalesce((select sum(r.amount) from ${testTransferReversals} r join ${testTransfers} t on t.id = r.transfer_id
                where t.account_id = ${accountId}), 0)
    - coalesce((select sum(amount) from ${testBankPayouts} where account_id = ${accountId}), 0) as balance`);
  return Number(rows[0]?.balance ?? 0);
}

/**
 * The default payout provider: accounts opened with the published test bank numbers, and transfers, reversals
 * and bank payouts recorded in the database, as a processor would keep them, so the whole flow runs offline. A
 * reversal is refused when the account's balance (transfers less reversals less bank payouts) cannot cover it.
 */
export function createTestPayoutProvider(db: Db): TestPayoutProvider {
  return {
    name: 'test',
    testMode: true,

    async openAccount(sellerId, bank) {
      const outcome = testBankNumbers.find(
        (n) => n.routingNumber === bank.routingNumber && n.accountNumber === bank.accountNumber,
      );
      if (!outcome) {
        throw new AppError(
          'BAD_REQUEST',
          `Test mode takes only the published test bank numbers: routing ${testBankNumbers[0]!.routingNumber}, account ${testBankNumbers[0]!.accountNumber}`,
          { field: 'accountNumber' },
        );
      }
      const status: PayoutAccountStatus = outcome.refusal
        ? { state: 'restricted', detail: `The bank refuses payouts to this account (${outcome.refusal})` }
        : { state: 'active', detail: null };
      return { accountId: `acct_test_${sellerId.slice(0, 8)}_${randomToken()}`, status };
    },

    async transfer(input) {
      const [account] = await db
        .select({ state: payoutAccounts.state })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.accountId, input.accountId));
      if (account?.state !== 'active') {
        throw new PayoutRefused('account', 'The destination account cannot receive transfers');
      }
      await db
        .insert(testTransfers)
        .values({
          id: `tr_test_${randomToken()}`,
          idempotencyKey: input.idempotencyKey,
          accountId: input.accountId,
          amount: input.amount,
          currency: input.currency,
          sourceTransaction: input.paymentIntentId,
          transferGroup: input.transferGroup,
        })
        .onConflictDoNothing({ target: testTransfers.idempotencyKey });
      const [made] = await db
        .select({ id: testTransfers.id })
        .from(testTransfers)
        .where(eq(testTransfers.idempotencyKey, input.idempotencyKey));
      return { transferId: made!.id };
    },

    async reverse({ transferId, amount }) {
      return inTransaction(db, async (tx) => {
        const [transfer] = await tx.select().from(testTransfers).where(eq(testTransfers.id, transferId));
        if (!transfer) throw new Error(`reverse: no test transfer ${transferId}`);
        const [done] = await tx
          .select({ id: testTransferReversals.id })
          .from(testTransferReversals)
          .where(eq(testTransferReversals.transferId, transferId));
        if (done) return { reversalId: done.id };
        if ((await lockedBalance(tx, transfer.accountId)) < amount) {
          throw new PayoutRefused('seller-balance', "The seller's balance cannot cover the reversal");
        }
        const id = `trr_test_${randomToken()}`;
        await tx.insert(testTransferReversals).values({ id, transferId, amount });
        return { reversalId: id };
      });
    },

    paidOut: async (accountId) => {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${testBankPayouts.amount}), 0)` })
        .from(testBankPayouts)
        .where(eq(testBankPayouts.accountId, accountId));
      return Number(row?.total ?? 0);
    },
  };
}

/** Pays a test account's whole balance out to its bank, as Stripe's automatic payouts would; answers the amount. */
export function payOutTestBalance(db: Db, accountId: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const balance = await lockedBalance(tx, accountId);
    if (balance > 0)
      await tx.insert(testBankPayouts).values({ id: `po_test_${randomToken()}`, accountId, amount: balance });
    return balance;
  });
}
