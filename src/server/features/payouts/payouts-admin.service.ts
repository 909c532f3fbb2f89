import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { payoutAccounts, payoutHolds, payoutTransfers } from '#server/db/schema/payouts.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { fromCents } from '#shared/money.ts';
import type { PayoutsOverview } from '#shared/schemas/payouts.ts';

const listed = 200;

/**
 * The admins' payouts page: accounts needing attention, whose released money waits (and since when), transfers
 * that failed and are retried, debts, and held sellers.
 */
export async function payoutsOverview(db: Db, currency: string): Promise<PayoutsOverview> {
  const [accounts, waiting, failed, debts, holds] = await Promise.all([
    db
      .select({
        sellerId: payoutAccounts.sellerId,
        sellerEmail: user.email,
        state: payoutAccounts.state,
        detail: payoutAccounts.detail,
      })
      .from(payoutAccounts)
      .innerJoin(user, eq(user.id, payoutAccounts.sellerId))
      .where(ne(payoutAccounts.state, 'active'))
      .orderBy(asc(payoutAccounts.updatedAt))
      .limit(listed),
    db
      .select({
        sellerId: payoutTransfers.sellerId,
        sellerEmail: user.email,
        cents: sql<string>`sum(${payoutTransfers.amountCents})`,
        since: sql<Date>`min(${payoutTransfers.releasedAt})`,
        orders: sql<number>`count(*)::int`,
      })
      .from(payoutTransfers)
      .innerJoin(user, eq(user.id, payoutTransfers.sellerId))
      .where(eq(payoutTransfers.status, 'waiting'))
      .groupBy(payoutTransfers.sellerId, user.email)
      .orderBy(sql`min(${payoutTransfers.releasedAt})`)
      .limit(listed),
    db
      .select({
        bookingId: payoutTransfers.bookingId,
        sellerEmail: user.email,
        cents: payoutTransfers.amountCents,
        status: payoutTransfers.status,
        attempts: payoutTransfers.attempts,
        lastError: payoutTransfers.lastError,
      })
      .from(payoutTransfers)
      .innerJoin(user, eq(user.id, payoutTransfers.sellerId))
      .where(and(isNotNull(payoutTransfers.lastError), inArray(payoutTransfers.status, ['pending', 'sending'])))
      .orderBy(asc(payoutTransfers.releasedAt))
      .limit(listed),
    db.execute<{ seller_id: string; email: string; owed: string }>(sql`select r.seller_id, u.email,
        sum(r.amount_cents) - coalesce((select sum(t.debt_taken_cents) from payout_transfers t
          where t.seller_id = r.seller_id and t.status <> 'cancelled'), 0) as owed
      from transfer_reversals r join "user" u on u.id = r.seller_id
      where r.outcome = 'debt' group by r.seller_id, u.email limit ${listed}`),
    db
      .select({
        sellerId: payoutHolds.sellerId,
        sellerEmail: user.email,
        reason: payoutHolds.reason,
        heldAt: payoutHolds.heldAt,
      })
      .from(payoutHolds)
      .innerJoin(user, eq(user.id, payoutHolds.sellerId))
      .orderBy(asc(payoutHolds.heldAt))
      .limit(listed),
  ]);
  return {
    currency,
    accounts,
    waiting: waiting.map((w) => ({
      sellerId: w.sellerId,
      sellerEmail: w.sellerEmail,
      amount: fromCents(Number(w.cents)),
      since: new Date(w.since).toISOString(),
      orders: w.orders,
    })),
    failedTransfers: failed.map((f) => ({
      bookingId: f.bookingId,
      sellerEmail: f.sellerEmail,
      amount: fromCents(f.cents),
      status: f.status,
      attempts: f.attempts,
      lastError: f.lastError ?? '',
    })),
    debts: debts.rows
      .filter((d) => Number(d.owed) > 0)
      .map((d) => ({ sellerId: d.seller_id, sellerEmail: d.email, amount: fromCents(Number(d.owed)) })),
    holds: holds.map((h) => ({ ...h, heldAt: h.heldAt.toISOString() })),
  };
}

/** An admin sends a transfer that failed again now, instead of waiting for its backoff. */
export async function retryTransfer(db: Db, bookingId: string) {
  return inTransaction(db, async (tx) => {
    const [transfer] = await tx
      .select({ status: payoutTransfers.status })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.bookingId, bookingId));
    if (!transfer) throw new AppError('NOT_FOUND', 'No released order with this id');
    if (transfer.status !== 'pending' && transfer.status !== 'sending') {
      throw new AppError('CONFLICT', `This transfer is ${transfer.status}: there is nothing to retry`);
    }
    await addJob(tx, 'send-transfer', { bookingId }, { jobKey: `send-transfer:${bookingId}` });
    return { modifiedCount: 1 };
  });
}
