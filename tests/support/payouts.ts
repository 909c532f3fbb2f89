import { eq } from 'drizzle-orm';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { payoutTransfers, testTransfers, transferReversals } from '#server/db/schema/payouts.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** The published test bank numbers that open a working test payout account. */
export const workingTestBank = { routingNumber: '110000000', accountNumber: '000123456789' };

/** The seller enters the buyer's handover code, as at the meetup. */
export async function enterCode(t: TestApp, seller: TestUser, bookingId: string) {
  const [handover] = await t.db
    .select({ code: handovers.code })
    .from(handovers)
    .where(eq(handovers.bookingId, bookingId));
  return t.call('POST', `/api/handovers/${bookingId}/code`, { as: seller, json: { code: handover!.code } });
}

/** An order's release as the ledger holds it: its transfer, its reversal, and what the test processor made. */
export async function payoutOf(t: TestApp, bookingId: string) {
  const [transfer] = await t.db.select().from(payoutTransfers).where(eq(payoutTransfers.bookingId, bookingId));
  const [reversal] = await t.db.select().from(transferReversals).where(eq(transferReversals.bookingId, bookingId));
  const made = await t.db.select().from(testTransfers).where(eq(testTransfers.transferGroup, bookingId));
  const [order] = await t.db
    .select({ share: bookings.shareCents, fee: bookings.feeCents })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return { transfer, reversal, made, share: order!.share!, fee: order!.fee! };
}
