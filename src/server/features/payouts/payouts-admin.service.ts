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

/** Who each entry is about: closed accounts stay listed, marked, for what they are still owed. */
const seller = {
  sellerName: user.name,
  sellerEmail: user.email,
  closed: sql<boolean>`${user.closedAt} is not null`,
};

/**
 * The admins' payouts page: accounts needing attention, whose released money waits (and since when), transfers
 * that failed and are retried, debts, and held sellers.
 */
export async function payoutsOverview(db: Db, currency: string): Promise<PayoutsOverview> {
  const [accounts, waiting, failed, debts, holds] = await Promise.all([
    db
      .select({
        sellerId: payoutAccounts.sellerId,
        ...seller,
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
        ...seller,
        cents: sql<string>`sum(${payoutTransfers.amountCents})`,
        since: sql<Date>`min(${payoutTransfers.releasedAt})`,
        orders: sql<number>`count(*)::int`,
      })
      .from(payoutTransfers)
      .innerJoin(user, eq(user.id, payoutTransfers.sellerId))
      .where(eq(payoutTransfers.status, 'waiting'))
      .groupBy(payoutTransfers.sellerId, user.id)
      .orderBy(sql`min(${payoutTransfers.releasedAt})`)
      .limit(listed),
    db
      .select({
        bookingId: payoutTransfers.bookingId,
        sellerId: payoutTransfers.sellerId,
        ...seller,
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
    db.execute<{ seller_id: string; name: string; email: string; closed: boolean; owed: string }>(sql`select
        r.seller_id, u.name, u.email, u.closed_at is not null as closed,
        sum(r.amount_cents) - coalesce((select sum(t.debt_taken_cents) from payout_transfers t
          where t.seller_id = r.seller_id and t.status <> 'cancelled'), 0) as owed
      from transfer_reversals r join "user" u on u.id = r.seller_id
      where r.outcome = 'debt' group by r.seller_id, u.id limit ${listed}`),
    db
      .select({
        sellerId: payoutHolds.sellerId,
        ...seller,
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
    waiting: waiting.map(({ cents, since, ...w }) => ({
      ...w,
      amount: fromCents(Number(cents)),
      since: new Date(since).toISOString(),
    })),
    failedTransfers: failed.map(({ cents, ...f }) => ({
      ...f,
      amount: fromCents(cents),
      lastError: f.lastError ?? '',
    })),
    debts: debts.rows
      .filter((d) => Number(d.owed) > 0)
      .map((d) => ({
        sellerId: d.seller_id,
        sellerName: d.name,
        sellerEmail: d.email,
        closed: d.closed,
        amount: fromCents(Number(d.owed)),
      })),
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
