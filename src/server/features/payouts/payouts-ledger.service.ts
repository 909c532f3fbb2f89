import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { payoutHolds, payoutTransfers, transferReversals } from '#server/db/schema/payouts.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { type Env, releaseAfterMs } from '#server/env.ts';
import { addJobs } from '#server/jobs/job-queue.ts';
import { PayoutRefused } from './payout-provider.ts';
import { lockPayoutAccount, outstandingDebt, sendWaitingShares } from './payouts.service.ts';

type PayoutDeps = Pick<AppDeps, 'db' | 'payouts'>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The transfer job: sends one released share. Under the seller's account lock it fixes, once, what the transfer
 * keeps back for the seller's debts and marks it `sending`; then asks the provider with the order's idempotency key;
 * then records the transfer. A crash between the two asks again with the same key and gets the same transfer. A
 * refusal means nothing was sent: the money waits for a working account, or is retried later (a new key), and any
 * other failure is retried with backoff by the job queue.
 */
export async function sendTransfer({ db, payouts: provider }: PayoutDeps, bookingId: string): Promise<void> {
  const [peek] = await db
    .select({ sellerId: payoutTransfers.sellerId })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.bookingId, bookingId));
  if (!peek) return;
  const plan = await inTransaction(db, async (tx) => {
    const account = await lockPayoutAccount(tx, peek.sellerId);
    const [transfer] = await tx
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.bookingId, bookingId))
      .for('update');
    if (transfer?.status !== 'pending' && transfer?.status !== 'sending') return null;
    const [held] = await tx.select().from(payoutHolds).where(eq(payoutHolds.sellerId, transfer.sellerId));
    if (transfer.status === 'pending' && (account?.state !== 'active' || held)) {
      await tx.update(payoutTransfers).set({ status: 'waiting' }).where(eq(payoutTransfers.bookingId, bookingId));
      return null;
    }
    const taken =
      transfer.debtTakenCents ?? Math.min(transfer.amountCents, await outstandingDebt(tx, transfer.sellerId));
    await tx
      .update(payoutTransfers)
      .set({
        status: 'sending',
        debtTakenCents: taken,
        attempts: sql`${payoutTransfers.attempts} + 1`,
        triedAt: sql`now()`,
      })
      .where(eq(payoutTransfers.bookingId, bookingId));
    const [order] = await tx.select({ intentId: bookings.intentId }).from(bookings).where(eq(bookings.id, bookingId));
    return {
      accountId: account!.accountId,
      amount: transfer.amountCents - taken,
      currency: transfer.currency.toLowerCase(),
      paymentIntentId: order!.intentId!,
      idempotencyKey: `transfer-${bookingId}-${transfer.keyRound}`,
    };
  });
  if (!plan) return;

  let transferId: string | null = null;
  if (plan.amount > 0) {
    try {
      ({ transferId } = await provider.transfer({ ...plan, transferGroup: bookingId }));
    } catch (error) {
      await recordTransferFailure(db, bookingId, peek.sellerId, error);
      if (error instanceof PayoutRefused && error.reason === 'account') return;
      throw error;
    }
  }
  await db
    .update(payoutTransfers)
    .set({ status: 'paid', providerTransferId: transferId, paidAt: sql`now()`, lastError: null })
    .where(and(eq(payoutTransfers.bookingId, bookingId), eq(payoutTransfers.status, 'sending')));
}

/**
 * A transfer the provider did not make. Refused: nothing was sent, so the next try gets a new key; when the
 * seller's account cannot receive, it is marked restricted and the money waits for it to work again. Any other
 * failure leaves it `sending`, to be asked again with the same key.
 */
async function recordTransferFailure(db: Db, bookingId: string, sellerId: string, error: unknown) {
  const message = errorText(error);
  await inTransaction(db, async (tx) => {
    await lockPayoutAccount(tx, sellerId);
    if (!(error instanceof PayoutRefused)) {
      await tx.update(payoutTransfers).set({ lastError: message }).where(eq(payoutTransfers.bookingId, bookingId));
      return;
    }
    const toAccount = error.reason === 'account';
    await tx
      .update(payoutTransfers)
      .set({
        status: toAccount ? 'waiting' : 'pending',
        keyRound: sql`${payoutTransfers.keyRound} + 1`,
        lastError: message,
      })
      .where(and(eq(payoutTransfers.bookingId, bookingId), eq(payoutTransfers.status, 'sending')));
    if (toAccount) {
      await tx.execute(sql`update payout_accounts set state = 'restricted', detail = ${message}, updated_at = now()
        where seller_id = ${sellerId}`);
    }
  });
}

/**
 * The reversal job: takes back the share of an order refunded after its release. A transfer still waiting is
 * cancelled; one being sent is waited for (the job is retried); one made in full is reversed at the provider, or,
 * when the seller's balance cannot cover that (or part of it went to an earlier debt), the share is recorded as a
 * debt that the seller's next transfers pay.
 */
export async function reverseTransfer({ db, payouts: provider }: PayoutDeps, bookingId: string): Promise<void> {
  const plan = await inTransaction(db, async (tx) => {
    const [transfer] = await tx
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.bookingId, bookingId))
      .for('update');
    const [reversal] = await tx
      .select()
      .from(transferReversals)
      .where(eq(transferReversals.bookingId, bookingId))
      .for('update');
    if (!transfer || reversal?.outcome !== 'pending') return null;
    const settle = (outcome: 'cancelled' | 'debt') =>
      tx
        .update(transferReversals)
        .set({ outcome, settledAt: sql`now()` })
        .where(eq(transferReversals.bookingId, bookingId));
    if (transfer.status === 'waiting' || transfer.status === 'pending') {
      await tx.update(payoutTransfers).set({ status: 'cancelled' }).where(eq(payoutTransfers.bookingId, bookingId));
      await settle('cancelled');
      return null;
    }
    if (transfer.status === 'sending') throw new Error(`reverseTransfer: the transfer of ${bookingId} is being sent`);
    if (!transfer.providerTransferId || transfer.debtTakenCents !== 0) {
      await settle('debt');
      return null;
    }
    return { transferId: transfer.providerTransferId, amount: transfer.amountCents };
  });
  if (!plan) return;
  try {
    const { reversalId } = await provider.reverse({ ...plan, idempotencyKey: `reversal-${bookingId}` });
    await db
      .update(transferReversals)
      .set({ outcome: 'reversed', providerReversalId: reversalId, settledAt: sql`now()`, lastError: null })
      .where(and(eq(transferReversals.bookingId, bookingId), eq(transferReversals.outcome, 'pending')));
  } catch (error) {
    const debt = error instanceof PayoutRefused && error.reason === 'seller-balance';
    await db
      .update(transferReversals)
      .set({ lastError: errorText(error), ...(debt ? { outcome: 'debt' as const, settledAt: sql`now()` } : {}) })
      .where(and(eq(transferReversals.bookingId, bookingId), eq(transferReversals.outcome, 'pending')));
    if (!debt) throw error;
  }
}

const batch = 500;

/**
 * The payouts' part of the ledger check (every minute): queues the release of paid orders whose time has come and
 * whose buyer has no open problem report, the transfers and reversals a crash or a stopped server left half done
 * (untouched for ten minutes), and sends the waiting money of sellers who can now receive it.
 */
export async function reconcilePayouts(
  db: Db,
  env: Pick<Env, 'HANDOVER_PERIOD' | 'RELEASE_AFTER'>,
  { afterRestart = false } = {},
): Promise<void> {
  // A call unanswered for ten minutes died with its job; after a restart, any may have.
  const unanswered = afterRestart ? sql`now()` : sql`now() - interval '10 minutes'`;
  const [due, stuck, reversals, waiting] = await Promise.all([
    db.execute<{ id: string }>(sql`select k.id from bookings k
      where k.status = 'Paid' and k.share_cents is not null
        and k.paid_at <= now() - ${releaseAfterMs(env)} * interval '1 millisecond'
        and not exists (select 1 from payout_transfers t where t.booking_id = k.id)
        and not exists (select 1 from handovers h where h.booking_id = k.id
          and h.problem_reported_at is not null and h.problem_decision is null)
      limit ${batch}`),
    db
      .select({ bookingId: payoutTransfers.bookingId })
      .from(payoutTransfers)
      .where(
        and(
          inArray(payoutTransfers.status, ['pending', 'sending']),
          or(
            and(isNull(payoutTransfers.triedAt), lte(payoutTransfers.releasedAt, unanswered)),
            lte(payoutTransfers.triedAt, unanswered),
          ),
        ),
      )
      .limit(batch),
    db
      .select({ bookingId: transferReversals.bookingId })
      .from(transferReversals)
      .where(and(eq(transferReversals.outcome, 'pending'), lte(transferReversals.createdAt, unanswered)))
      .limit(batch),
    db.execute<{ seller_id: string }>(sql`select distinct t.seller_id from payout_transfers t
      join payout_accounts a on a.seller_id = t.seller_id and a.state = 'active'
      where t.status = 'waiting' and not exists (select 1 from payout_holds h where h.seller_id = t.seller_id)
      limit ${batch}`),
  ]);
  const toQueue = {
    'release-share': due.rows.map((r) => r.id),
    'send-transfer': stuck.map((r) => r.bookingId),
    'reverse-transfer': reversals.map((r) => r.bookingId),
  };
  await inTransaction(db, async (tx) => {
    for (const [name, ids] of Object.entries(toQueue) as [keyof typeof toQueue, string[]][]) {
      const jobs = ids.map((bookingId) => ({ payload: { bookingId }, jobKey: `${name}:${bookingId}` }));
      await addJobs(tx, name, jobs);
    }
  });
  for (const { seller_id: sellerId } of waiting.rows) {
    await inTransaction(db, async (tx) => {
      await lockPayoutAccount(tx, sellerId);
      await sendWaitingShares(tx, sellerId);
    });
  }
}
