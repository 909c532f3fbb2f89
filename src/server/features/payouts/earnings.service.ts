import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { payoutAccounts, payoutTransfers, transferReversals } from '#server/db/schema/payouts.ts';
import { orderNamingColumns } from '#server/features/bookings/bookings.public.ts';
import { fromCents } from '#shared/money.ts';
import { orderName } from '#shared/order-name.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { Earning, Earnings } from '#shared/schemas/payouts.ts';
import { outstandingDebt } from './payouts.service.ts';

type Row = {
  status: string | null;
  transfer: string | null;
  reversal: string | null;
};

function stateOf({ status, transfer, reversal }: Row): Earning['state'] {
  if (reversal === 'debt') return 'debt';
  if (reversal) return 'reversed';
  if (!transfer) return status === 'Refunded' ? 'refunded' : 'pending';
  if (transfer === 'waiting') return 'waiting';
  if (transfer === 'paid') return 'paid';
  return 'sending';
}

/**
 * A seller's sales with their figures and what became of each share, newest first, and the totals over every sale
 * (ADR 026). A seller's sales are a few thousand rows at most, read in one query.
 */
export async function sellerEarnings(
  deps: Pick<AppDeps, 'db' | 'payouts' | 'env'>,
  sellerId: string,
): Promise<Earnings> {
  const { db, payouts: provider, env } = deps;
  const rows = await db
    .select({
      bookingId: bookings.id,
      ...orderNamingColumns,
      paidAt: bookings.paidAt,
      status: bookings.status,
      priceCents: bookings.priceCents,
      feeCents: bookings.feeCents,
      shareCents: bookings.shareCents,
      releasedAt: payoutTransfers.releasedAt,
      transfer: payoutTransfers.status,
      debtTakenCents: payoutTransfers.debtTakenCents,
      reversal: transferReversals.outcome,
    })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .leftJoin(payoutTransfers, eq(payoutTransfers.bookingId, bookings.id))
    .leftJoin(transferReversals, eq(transferReversals.bookingId, bookings.id))
    .where(and(eq(books.sellerId, sellerId), isNotNull(bookings.paidAt), isNotNull(bookings.shareCents)))
    .orderBy(desc(bookings.paidAt), desc(bookings.id));
  const cents = { pending: 0, released: 0, waiting: 0, transferred: 0, fees: 0 };
  const orders = rows.map((row): Earning => {
    const state = stateOf(row);
    const share = row.shareCents!;
    const taken = row.debtTakenCents ?? 0;
    if (state === 'pending') cents.pending += share;
    if (row.status === 'Paid') cents.fees += row.feeCents!;
    if (row.transfer && row.status === 'Paid') cents.released += share;
    if (state === 'waiting') cents.waiting += share;
    if (row.transfer === 'paid') cents.transferred += share - taken;
    return {
      bookingId: row.bookingId,
      bookName: row.bookName,
      bundle: row.bundle,
      paidAt: row.paidAt!.toISOString(),
      price: fromCents(row.priceCents),
      fee: fromCents(row.feeCents!),
      share: fromCents(share),
      releasedAt: row.releasedAt?.toISOString() ?? null,
      state,
      debtTaken: fromCents(taken),
    };
  });
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  const paidOut = provider.name === 'test' && account ? await provider.paidOut(account.accountId) : null;
  return {
    currency: env.CURRENCY,
    testMode: provider.testMode,
    totals: {
      pending: fromCents(cents.pending),
      released: fromCents(cents.released),
      waiting: fromCents(cents.waiting),
      transferred: fromCents(cents.transferred),
      paidOutToBank: paidOut === null ? null : fromCents(paidOut),
      fees: fromCents(cents.fees),
      debt: fromCents(await outstandingDebt(db, sellerId)),
    },
    orderCount: orders.length,
    orders,
  };
}

/** The page of sales an Earnings page shows; the totals stay those of every sale. */
export function earningsPage(earnings: Earnings, { page, limit }: PageQuery): Earnings {
  return { ...earnings, orders: earnings.orders.slice((page - 1) * limit, page * limit) };
}

const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The same sales as CSV, one line each, for a seller's own books, in English as its heads are. */
export function earningsCsv(earnings: Earnings): string {
  const head = [
    'order',
    'book',
    'paid at',
    'price',
    'fee',
    'you receive',
    'released at',
    'state',
    'debt taken',
    'currency',
  ];
  const lines = earnings.orders.map((o) =>
    [
      o.bookingId,
      orderName(o),
      o.paidAt,
      o.price,
      o.fee,
      o.share,
      o.releasedAt,
      o.state,
      o.debtTaken,
      earnings.currency,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
