import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { en } from '#shared/i18n/english.ts';
import type { Book } from '#shared/schemas/book.ts';
import type { OwnReview, PendingReview, Review, SellerProfile } from '#shared/schemas/review.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { handedOverAgo, handedOverOrder } from '../support/reviews.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';

// Reviews after a handed-over order (ADR 029): who may write one and when, publication when both are in or the
// window closed, one public reply, and an admin's hiding.

const m = en.reviews;
const shop = await openShop();
const { t, seller } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');
const day = 24 * 60 * 60 * 1000;

const write = (as: TestUser, json: Record<string, unknown>) => t.call('POST', '/api/reviews', { as, json });
const reply = (as: TestUser, id: string, text: string) =>
  t.call('POST', `/api/reviews/${id}/reply`, { as, json: { text } });
const hide = (as: TestUser, id: string, reason: string) =>
  t.call('POST', `/api/reviews/${id}/hide`, { as, json: { reason } });

async function reviewsOf(personId: string) {
  t.sawWrites();
  const res = await t.call('GET', `/api/sellers/${personId}/reviews?limit=50`);
  expect(res.status).toBe(200);
  return (await res.json()) as Review[];
}

async function profileOf(personId: string) {
  t.sawWrites();
  const res = await t.call('GET', `/api/sellers/${personId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SellerProfile;
}

describe('writing a review', () => {
  it('is refused before the handover, with the words a person reads', async () => {
    const buyer = await t.newUser('Buyer');
    const book = await shop.newBook();
    const bookingId = await bookAs(t, buyer, book.id);
    const unpaid = await write(buyer, { bookingId, stars: 5 });
    expect(await errorOf(unpaid, 409)).toMatchObject({ error: m.notHandedOver });
    await payInFull(t, buyer, bookingId);
    expect(await errorOf(await write(buyer, { bookingId, stars: 5 }), 409)).toMatchObject({ error: m.notHandedOver });
  });

  it('takes each party once; neither sees the other until both are in, then both are published', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    const first = await write(buyer, { bookingId, stars: 4, text: '  Friendly and on time  ' });
    expect(first.status).toBe(201);
    const mine = (await first.json()) as OwnReview;
    expect(mine).toMatchObject({ stars: 4, text: 'Friendly and on time', published: false });
    expect(await reviewsOf(seller.id)).toEqual([]);
    expect((await profileOf(seller.id)).rating).toEqual({ average: null, count: 0 });

    // The seller is told, at the bell, to write theirs.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(told.map((n) => n.dedupeKey)).toContain(`review-written:${bookingId}`);

    const again = await write(buyer, { bookingId, stars: 1 });
    expect(await errorOf(again, 409)).toMatchObject({ error: m.alreadyReviewed });

    const second = await write(seller, { bookingId, stars: 5, text: 'Paid at once' });
    expect(((await second.json()) as OwnReview).published).toBe(true);
    const ofSeller = await reviewsOf(seller.id);
    expect(ofSeller).toHaveLength(1);
    expect(ofSeller[0]).toMatchObject({ stars: 4, text: 'Friendly and on time', authorRole: 'buyer', reply: null });
    expect(await reviewsOf(buyer.id)).toEqual([
      expect.objectContaining({ stars: 5, authorRole: 'seller', authorName: seller.name }),
    ]);
    expect((await profileOf(seller.id)).rating).toEqual({ average: 4, count: 1 });
  });

  it('publishes one review alone when the window closes, and takes none after it', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    expect((await write(seller, { bookingId, stars: 3 })).status).toBe(201);
    expect(await reviewsOf(buyer.id)).toEqual([]);
    await handedOverAgo(shop, bookingId, 14 * day + 1000);
    expect(await reviewsOf(buyer.id)).toEqual([expect.objectContaining({ stars: 3 })]);
    const late = await write(buyer, { bookingId, stars: 5 });
    expect(await errorOf(late, 409)).toMatchObject({ error: m.windowClosed({ days: 14 }) });
    // The job writes the publication down at the close.
    await addJob(t.db, 'publish-reviews', {});
    await t.runJobs();
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
    expect(row!.publishedAt?.getTime()).toBe(row!.windowClosesAt.getTime());
  });

  it('is refused to anyone but the two parties, and for an unknown order', async () => {
    const { bookingId } = await handedOverOrder(shop);
    const stranger = await t.newUser('Buyer');
    expect(await errorOf(await write(stranger, { bookingId, stars: 5 }), 403)).toMatchObject({ error: m.notParty });
    expect(await errorOf(await write(admin, { bookingId, stars: 5 }), 403)).toMatchObject({ error: m.notParty });
    const unknown = await write(stranger, { bookingId: crypto.randomUUID(), stars: 5 });
    expect(unknown.status).toBe(404);
    const anonymous = await t.call('POST', '/api/reviews', { json: { bookingId, stars: 5 } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses stars outside 1–5, oversized text and a missing order, naming the field', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    for (const stars of [0, 6, 2.5, 'five', null]) {
      const res = await write(buyer, { bookingId, stars });
      expect(await errorOf(res, 400)).toMatchObject({ error: m.starsRequired, field: 'stars' });
    }
    const long = await write(buyer, { bookingId, stars: 5, text: 'x'.repeat(1001) });
    expect(await errorOf(long, 400)).toMatchObject({ error: m.tooLong({ max: 1000 }), field: 'text' });
    const noOrder = await write(buyer, { stars: 5 });
    expect(await errorOf(noOrder, 400)).toMatchObject({ field: 'bookingId' });
    expect((await write(buyer, { bookingId, stars: 5, text: 'x'.repeat(1000) })).status).toBe(201);
  });

  it('lists the orders left to review for both parties, until each has written theirs', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    const pending = async (as: TestUser) => {
      t.sawWrites();
      const res = await t.call('GET', '/api/reviews/pending', { as });
      return ((await res.json()) as PendingReview[]).filter((p) => p.bookingId === bookingId);
    };
    expect(await pending(buyer)).toEqual([expect.objectContaining({ role: 'buyer', otherName: seller.name })]);
    expect(await pending(seller)).toEqual([expect.objectContaining({ role: 'seller', otherName: buyer.name })]);
    await write(buyer, { bookingId, stars: 5 });
    expect(await pending(buyer)).toEqual([]);
    expect(await pending(seller)).toHaveLength(1);
  });
});

describe('the reply', () => {
  it('is the reviewed person’s, once, and only on a published review', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    const { _id: id } = (await (await write(buyer, { bookingId, stars: 2, text: 'Late' })).json()) as OwnReview;
    expect(await errorOf(await reply(seller, id, 'Sorry'), 409)).toMatchObject({ error: m.notPublished });
    await write(seller, { bookingId, stars: 5 });
    expect(await errorOf(await reply(buyer, id, 'I meant it'), 403)).toMatchObject({ error: m.notAboutYou });
    const other = await t.newUser('Seller');
    expect(await errorOf(await reply(other, id, 'Hi'), 403)).toMatchObject({ error: m.notAboutYou });
    expect(await errorOf(await reply(seller, id, '   '), 400)).toMatchObject({ error: m.replyRequired, field: 'text' });
    expect(await errorOf(await reply(seller, id, 'y'.repeat(1001)), 400)).toMatchObject({ field: 'text' });
    expect((await reply(seller, id, 'Sorry, the bus was late')).status).toBe(200);
    expect(await errorOf(await reply(seller, id, 'Again'), 409)).toMatchObject({ error: m.alreadyReplied });
    const shown = (await reviewsOf(seller.id)).find((r) => r._id === id)!;
    expect(shown.reply).toMatchObject({ text: 'Sorry, the bus was late' });
    expect((await reply(seller, crypto.randomUUID(), 'x')).status).toBe(404);
  });
});

describe('hiding a review', () => {
  it('keeps it marked, takes it out of the page and the rating, and tells the author why', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    const { _id: id } = (await (await write(buyer, { bookingId, stars: 1, text: 'Rude words' })).json()) as OwnReview;
    await write(seller, { bookingId, stars: 5 });
    const before = await profileOf(seller.id);
    expect((await reviewsOf(seller.id)).map((r) => r._id)).toContain(id);

    expect((await hide(seller, id, 'Mine')).status).toBe(403);
    expect(await errorOf(await hide(admin, id, ' '), 400)).toMatchObject({ error: m.hideReasonRequired });
    expect((await hide(admin, id, 'Insults are not allowed')).status).toBe(200);
    expect(await errorOf(await hide(admin, id, 'Again'), 409)).toMatchObject({ error: m.alreadyHidden });

    expect((await reviewsOf(seller.id)).map((r) => r._id)).not.toContain(id);
    expect((await profileOf(seller.id)).rating.count).toBe(before.rating.count - 1);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ hiddenReason: 'Insults are not allowed', hiddenBy: admin.id, stars: 1 });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told.map((n) => n.text)).toContain(m.hiddenNotice({ name: seller.name, reason: 'Insults are not allowed' }));
    const mailed = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, buyer.id), eq(mailOutbox.template, 'review-hidden')));
    expect(mailed).toHaveLength(1);
  });

  it('tells a closed account nothing, and its review stays under the tombstone', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    const { _id: id } = (await (await write(buyer, { bookingId, stars: 3, text: 'Fine' })).json()) as OwnReview;
    await write(seller, { bookingId, stars: 4 });
    const closed = await t.call('DELETE', `/api/users/${buyer.id}`, { as: admin });
    expect(closed.status).toBe(200);
    const kept = (await reviewsOf(seller.id)).find((r) => r._id === id)!;
    expect(kept).toMatchObject({ stars: 3, authorName: 'Closed account' });
    const page = await profileOf(buyer.id);
    expect(page).toMatchObject({ closed: true, name: 'Closed account', image: null, memberSince: null, onSale: [] });
    expect(JSON.stringify(page)).not.toContain(buyer.email);
    expect((await hide(admin, id, 'Spam')).status).toBe(200);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told).toEqual([]);
    const mailed = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'review-hidden'));
    expect(mailed.every((row) => row.userId !== buyer.id)).toBe(true);
  });
});

describe('a closed account', () => {
  it('is never told of a review of it, which still counts under its tombstone', async () => {
    const { buyer, bookingId } = await handedOverOrder(shop);
    expect((await t.call('DELETE', `/api/users/${buyer.id}`, { as: admin })).status).toBe(200);
    expect((await write(seller, { bookingId, stars: 2, text: 'Never answered' })).status).toBe(201);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told).toEqual([]);
    await handedOverAgo(shop, bookingId, 14 * day + 1000);
    expect(await reviewsOf(buyer.id)).toEqual([expect.objectContaining({ text: 'Never answered' })]);
    expect((await profileOf(buyer.id)).rating).toEqual({ average: 2, count: 1 });
  });
});

describe('ratings on books', () => {
  it('shows the seller’s rating and id on every book answer', async () => {
    const book = await shop.newBook();
    t.sawWrites();
    const res = await t.call('GET', `/api/books/item/${book.id}`);
    const answer = (await res.json()) as Book;
    const profile = await profileOf(seller.id);
    expect(answer.sellerId).toBe(seller.id);
    expect(answer.sellerRating).toEqual(profile.rating);
  });
});
