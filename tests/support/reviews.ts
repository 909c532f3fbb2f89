import { eq, sql } from 'drizzle-orm';
import { handovers } from '#server/db/schema/handovers.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { bookAs, payInFull, type Shop } from './orders.ts';
import type { TestUser } from './test-app.ts';

/**
 * A new buyer's order of a new book of the shop's seller, paid and handed over with the buyer's code, as the two
 * people do it through the API.
 */
export async function handedOverOrder(shop: Shop, buyer?: TestUser) {
  const { t, seller } = shop;
  const who = buyer ?? (await t.newUser('Buyer', { name: 'Bea Buyer' }));
  const book = await shop.newBook();
  const bookingId = await bookAs(t, who, book.id);
  await payInFull(t, who, bookingId);
  const [handover] = await t.db
    .select({ code: handovers.code })
    .from(handovers)
    .where(eq(handovers.bookingId, bookingId));
  const res = await t.call('POST', `/api/handovers/${bookingId}/code`, { as: seller, json: { code: handover!.code } });
  if (res.status !== 200) throw new Error(`handover refused: ${res.status} ${await res.text()}`);
  return { buyer: who, book, bookingId };
}

/** Moves an order's handover `ms` into the past, as if that long had passed since (its reviews' window with it). */
export async function handedOverAgo(shop: Shop, bookingId: string, ms: number) {
  const { t } = shop;
  const at = sql`now() - ${ms} * interval '1 millisecond'`;
  await t.db.update(handovers).set({ handedOverAt: at }).where(eq(handovers.bookingId, bookingId));
  await t.db
    .update(reviews)
    .set({ windowClosesAt: sql`${at} + interval '14 days'` })
    .where(eq(reviews.bookingId, bookingId));
  t.sawWrites();
}
