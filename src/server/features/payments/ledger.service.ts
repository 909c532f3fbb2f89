import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, refunds } from '#server/db/schema/orders.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { overdueHolds, settleLater } from '#server/features/bookings/bookings.public.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { findBooking, settleCharge } from './payments.service.ts';

type LedgerDeps = Pick<AppDeps, 'db' | 'payments' | 'env'>;

/**
 * The settle job: asks the provider how an intent stands. Charged: settled into a payment or a refund. Open
 * while its booking no longer awaits it (ended, hidden by reports, or replaced): cancelled, so it can never be
 * charged; a charge that beats the cancel is settled instead. Cancelled: the booking forgets it.
 */
export async function settleIntent({ db, payments: provider, env }: LedgerDeps, intentId: string): Promise<void> {
  let intent = await provider.retrieveIntent(intentId);
  if (!intent) return;
  if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
    const booking = intent.bookingId ? await findBooking(db, intent.bookingId) : null;
    const awaited = booking?.status === null && !booking.hidden && booking.intentId === intent.id;
    if (awaited) return;
    intent = await provider.cancelIntent(intent.id);
  }
  if (intent.status === 'succeeded') {
    await settleCharge(db, intent, provider.name, env);
  } else if (intent.status === 'canceled') {
    await db
      .update(bookings)
      .set({ intentId: null })
      .where(and(eq(bookings.intentId, intent.id), sql`${bookings.status} is distinct from 'Paid'`));
  }
}

/** The refund job: gives the charge back at the provider (idempotently) and marks the refund made. */
export async function refundCharge({ db, payments: provider }: LedgerDeps, transactionId: string): Promise<void> {
  const [refund] = await db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.transactionId, transactionId));
  if (refund?.status !== 'pending') return;
  const { refundId } = await provider.refundIntent(transactionId);
  await db
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId: refundId, refundedAt: new Date() })
    .where(eq(refunds.transactionId, transactionId));
}

const batch = 500;

/**
 * The ledger check, every minute and at start: queues the job for whatever a crash, a lost request or a
 * stopped server left half done: holds past their end, intents that may be open or charged without a record,
 * refunds decided but not yet made. Each job is idempotent, so queueing one twice costs one extra look.
 */
export async function reconcileLedger(db: Db): Promise<void> {
  const [holds, intents, pending] = await Promise.all([
    overdueHolds(db, batch),
    db
      .select({ intentId: bookings.intentId })
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.intentId),
          or(isNull(bookings.status), inArray(bookings.status, ['Expired', 'Cancelled'])),
        ),
      )
      .limit(batch),
    db.select({ transactionId: refunds.transactionId }).from(refunds).where(eq(refunds.status, 'pending')).limit(batch),
  ]);
  await inTransaction(db, async (tx) => {
    for (const bookingId of holds)
      await addJob(tx, 'expire-hold', { bookingId }, { jobKey: `expire-hold:${bookingId}` });
    for (const { intentId } of intents) await settleLater(tx, intentId!);
    for (const { transactionId } of pending) {
      await addJob(tx, 'refund-charge', { transactionId }, { jobKey: `refund-charge:${transactionId}` });
    }
  });
}
