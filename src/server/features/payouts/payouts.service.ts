import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, payments } from '#server/db/schema/orders.ts';
import { payoutAccounts, payoutHolds, payoutTransfers, transferReversals } from '#server/db/schema/payouts.ts';
import { inTransaction, type Queryable, type Tx } from '#server/db/transaction.ts';
import { type Env, releaseAfterMs } from '#server/env.ts';
import { orderNamingColumns } from '#server/features/bookings/bookings.public.ts';
import { addJob, addJobs } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { PayoutAccountStatus } from './payout-provider.ts';
import { shareReleasedMail } from './payouts.mail.ts';

// Releasing a seller's share and taking it back (ADR 026). Lock order, after the booking and its book: a seller's
// payout account, then their transfers, then a transfer's reversal.

/** Whether a seller's released money can be sent now: a payout account the provider calls active, and no hold. */
async function canReceive(db: Queryable, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ active: sql<boolean>`${payoutAccounts.state} = 'active'` })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.sellerId, sellerId),
        sql`not exists (select 1 from ${payoutHolds} where ${payoutHolds.sellerId} = ${sellerId})`,
      ),
    );
  return row?.active ?? false;
}

const sendLater = (tx: Tx, bookingId: string) =>
  addJob(tx, 'send-transfer', { bookingId }, { jobKey: `send-transfer:${bookingId}` });

/**
 * Releases a paid order's share to its seller, in the caller's transaction (the booking locked and Paid): its one
 * transfer row, queued for the transfer job, or waiting while the seller cannot receive it; the seller is told.
 * Answers false when it was released before.
 */
export async function releaseShare(
  tx: Tx,
  p: { bookingId: string; sellerId: string; reason: 'code' | 'automatic' },
): Promise<boolean> {
  const [order] = await tx
    .select({
      ...orderNamingColumns,
      priceCents: bookings.priceCents,
      feeCents: bookings.feeCents,
      shareCents: bookings.shareCents,
      currency: payments.currency,
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, p.bookingId), eq(bookings.status, 'Paid')));
  if (!order || order.shareCents === null || order.feeCents === null) {
    throw new Error(`releaseShare: ${p.bookingId} is not a paid order with its share fixed`);
  }
  const ready = await canReceive(tx, p.sellerId);
  const [released] = await tx
    .insert(payoutTransfers)
    .values({
      bookingId: p.bookingId,
      sellerId: p.sellerId,
      amountCents: order.shareCents,
      currency: order.currency,
      releaseReason: p.reason,
      status: ready ? 'pending' : 'waiting',
    })
    .onConflictDoNothing()
    .returning({ bookingId: payoutTransfers.bookingId });
  if (!released) return false;
  if (ready) await sendLater(tx, p.bookingId);
  const { priceCents, feeCents, shareCents, currency } = order;
  await queueMail(
    tx,
    shareReleasedMail({ sellerId: p.sellerId, order, priceCents, feeCents, shareCents, currency, waiting: !ready }),
  );
  return true;
}

/** When a just-paid order's share is released without the handover code: RELEASE_AFTER after the payment. */
export function releaseLater(tx: Tx, bookingId: string, env: Pick<Env, 'HANDOVER_PERIOD' | 'RELEASE_AFTER'>) {
  const runAt = new Date(Date.now() + releaseAfterMs(env));
  return addJob(tx, 'release-share', { bookingId }, { runAt, jobKey: `release-share:${bookingId}` });
}

/**
 * The release job: once RELEASE_AFTER has passed since the payment, a paid order whose buyer has no problem report
 * awaiting an admin is released. A report holds it; an admin's dismissal lets the ledger check release it.
 */
export async function releaseDueShare(db: Db, env: Pick<Env, 'HANDOVER_PERIOD' | 'RELEASE_AFTER'>, bookingId: string) {
  await inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({
        status: bookings.status,
        due: sql<boolean>`${bookings.paidAt} <= now() - ${releaseAfterMs(env)} * interval '1 millisecond'`,
        heldByProblem: sql<boolean>`exists (select 1 from handovers h where h.booking_id = ${bookings.id}
          and h.problem_reported_at is not null and h.problem_decision is null)`,
        sellerId: sql<string>`(select seller_id from books where books.id = ${bookings.bookId})`,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (order?.status !== 'Paid' || !order.due || order.heldByProblem) return;
    await releaseShare(tx, { bookingId, sellerId: order.sellerId, reason: 'automatic' });
  });
}

/**
 * A refund of a paid order, in the refund's transaction (the booking locked): a share not yet released needs
 * nothing; one released and not sent is cancelled; one sent (or being sent) gets a reversal, made by its job.
 */
export async function takeBackShare(tx: Tx, bookingId: string): Promise<void> {
  const [transfer] = await tx
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.bookingId, bookingId))
    .for('update');
  if (!transfer) return;
  const unsent = transfer.status === 'waiting' || transfer.status === 'pending';
  if (unsent)
    await tx.update(payoutTransfers).set({ status: 'cancelled' }).where(eq(payoutTransfers.bookingId, bookingId));
  await tx.insert(transferReversals).values({
    bookingId,
    sellerId: transfer.sellerId,
    amountCents: transfer.amountCents,
    outcome: unsent ? 'cancelled' : 'pending',
    settledAt: unsent ? sql`now()` : null,
  });
  if (!unsent) await addJob(tx, 'reverse-transfer', { bookingId }, { jobKey: `reverse-transfer:${bookingId}` });
}

/** The seller's waiting money goes out now, when they can receive it (their payout account locked by the caller). */
export async function sendWaitingShares(tx: Tx, sellerId: string): Promise<number> {
  if (!(await canReceive(tx, sellerId))) return 0;
  const woken = await tx
    .update(payoutTransfers)
    .set({ status: 'pending' })
    .where(and(eq(payoutTransfers.sellerId, sellerId), eq(payoutTransfers.status, 'waiting')))
    .returning({ bookingId: payoutTransfers.bookingId });
  await addJobs(
    tx,
    'send-transfer',
    woken.map(({ bookingId }) => ({ payload: { bookingId }, jobKey: `send-transfer:${bookingId}` })),
  );
  return woken.length;
}

/** Records how the provider says a payout account stands; an account that now works gets its waiting money. */
export function applyAccountStatus(db: Db, accountId: string, status: PayoutAccountStatus) {
  return inTransaction(db, async (tx) => {
    const [account] = await tx
      .update(payoutAccounts)
      .set({ state: status.state, detail: status.detail, updatedAt: sql`now()` })
      .where(eq(payoutAccounts.accountId, accountId))
      .returning({ sellerId: payoutAccounts.sellerId });
    if (account && status.state === 'active') await sendWaitingShares(tx, account.sellerId);
    return account ?? null;
  });
}

/** A seller's payout account, locked for the rest of the transaction (the first lock of every move of their money). */
export async function lockPayoutAccount(tx: Tx, sellerId: string) {
  const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId)).for('update');
  return account ?? null;
}

/** What a seller still owes from refunds after release that could not be reversed, less what transfers kept back. */
export async function outstandingDebt(db: Queryable, sellerId: string): Promise<number> {
  const { rows } = await db.execute<{ owed: string }>(sql`select
    coalesce((select sum(amount_cents) from ${transferReversals} where seller_id = ${sellerId} and outcome = 'debt'), 0)
    - coalesce((select sum(debt_taken_cents) from ${payoutTransfers}
                where seller_id = ${sellerId} and status <> 'cancelled' and debt_taken_cents is not null), 0) as owed`);
  return Number(rows[0]?.owed ?? 0);
}
