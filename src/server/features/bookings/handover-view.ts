import { sql } from 'drizzle-orm';
import { handovers } from '#server/db/schema/handovers.ts';
import type { BookingStatus } from '#shared/constants.ts';
import type { HandoverState } from '#shared/handover.ts';
import { handoverMaxWrongTries } from '#shared/handover.ts';
import type { BuyerHandover, SellerHandover } from '#shared/schemas/handover.ts';

/** How the handover stands, in SQL (null without a handover: an order not paid, or paid before codes existed). */
const state = sql<HandoverState | null>`case
  when ${handovers.bookingId} is null then null
  when ${handovers.handedOverAt} is not null then 'handedOver'
  when ${handovers.problemDecision} = 'refunded' then 'refunded'
  when ${handovers.problemReportedAt} is not null and ${handovers.problemDecision} is null then 'problemReported'
  else 'awaiting' end`;

/** The columns a booking's answer needs of its handover; select them with a left join on `handovers`. */
export const handoverColumns = {
  handoverState: state,
  handoverCode: handovers.code,
  handoverWrongTries: handovers.wrongTries,
  handoverCreatedAt: handovers.createdAt,
  problemReportedAt: handovers.problemReportedAt,
};

/** Those columns as read (each null without a handover). */
interface HandoverRow {
  handoverState: HandoverState | null;
  handoverCode: string | null;
  handoverWrongTries: number | null;
  handoverCreatedAt: Date | null;
  problemReportedAt: Date | null;
}

/**
 * A paid (or since refunded) order's handover for the person reading it: the code only when that person is its buyer. From
 * `handoverMs` after the payment (HANDOVER_PERIOD), a buyer whose order is not handed over may report a problem once
 * (`canReportProblem`, shared/handover.ts).
 */
export function toBuyerHandover(
  row: HandoverRow & { status: BookingStatus | null; buyerId: string | null },
  viewer: { id: string; handoverMs: number },
): BuyerHandover | null {
  if (!row.handoverState || !row.handoverCreatedAt) return null;
  const problemFrom = new Date(row.handoverCreatedAt.getTime() + viewer.handoverMs);
  const isBuyer = row.buyerId === viewer.id;
  return {
    state: row.handoverState,
    code:
      isBuyer && (row.handoverState === 'awaiting' || row.handoverState === 'problemReported')
        ? row.handoverCode
        : null,
    problemFrom: problemFrom.toISOString(),
    problemReported: row.problemReportedAt !== null,
  };
}

/** A sold book's handover for its seller: how it stands and how many wrong codes it still accepts, never the code. */
export function toSellerHandover(
  row: Pick<HandoverRow, 'handoverState' | 'handoverWrongTries'>,
): SellerHandover | null {
  if (!row.handoverState) return null;
  return { state: row.handoverState, triesLeft: Math.max(0, handoverMaxWrongTries - (row.handoverWrongTries ?? 0)) };
}
