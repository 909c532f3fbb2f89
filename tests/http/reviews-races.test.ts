import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { handovers } from '#server/db/schema/handovers.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { en } from '#shared/i18n/english.ts';
import type { OwnReview } from '#shared/schemas/review.ts';
import { invariantViolations } from '../support/invariants.ts';
import { openShop } from '../support/orders.ts';
import { handedOverOrder } from '../support/reviews.ts';
import type { TestUser } from '../support/test-app.ts';

// Two people (or one person twice) touching one review or one order at once (ADR 029): exactly one reply wins, and
// a review racing the window's close is either in, written before the close, or refused; never a 500.

const m = en.reviews;
const shop = await openShop();
const { t, seller } = shop;
afterAll(() => t.close());
const day = 24 * 60 * 60 * 1000;

const write = (as: TestUser, json: Record<string, unknown>) => t.call('POST', '/api/reviews', { as, json });

describe('two replies to one review at once', () => {
  it('keeps exactly one; the others are refused as a second reply', async () => {
    for (let round = 0; round < 3; round++) {
      const { buyer, bookingId } = await handedOverOrder(shop);
      const { _id: id } = (await (await write(buyer, { bookingId, stars: 3 })).json()) as OwnReview;
      await write(seller, { bookingId, stars: 5 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.call('POST', `/api/reviews/${id}/reply`, { as: seller, json: { text: `Reply ${i}` } }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
      for (const res of answers.filter((r) => r.status === 409)) {
        expect(((await res.json()) as { error: string }).error).toBe(m.alreadyReplied);
      }
      const winner = answers.findIndex((res) => res.status === 200);
      const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
      expect(row!.reply).toBe(`Reply ${winner}`);
    }
  });
});

describe('a review racing the window’s close', () => {
  it('is in, written before the close, or refused as too late; both parties see one outcome', async () => {
    const outcomes = { in: 0, late: 0 };
    for (let round = 0; round < 4; round++) {
      const { buyer, bookingId } = await handedOverOrder(shop);
      // The window closes 150 ms from now; both parties send their reviews, several times, around that moment.
      await t.db
        .update(handovers)
        .set({ handedOverAt: sql`now() - ${14 * day - 150} * interval '1 millisecond'` })
        .where(eq(handovers.bookingId, bookingId));
      t.sawWrites();
      const sends = Array.from({ length: 8 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, 110 + i * 10)).then(() =>
          write(i % 2 ? seller : buyer, { bookingId, stars: 4 }),
        ),
      );
      const answers = await Promise.all(sends);
      for (const res of answers) {
        expect([201, 409]).toContain(res.status);
        if (res.status === 409) {
          const { error } = (await res.json()) as { error: string };
          expect([m.alreadyReviewed, m.windowClosed({ days: 14 })]).toContain(error);
          if (error === m.windowClosed({ days: 14 })) outcomes.late += 1;
        } else outcomes.in += 1;
      }
      const rows = await t.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
      // At most one review per party, each written before its window closed.
      expect(new Set(rows.map((r) => r.authorId)).size).toBe(rows.length);
      expect(rows.length).toBeLessThanOrEqual(2);
      for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(row.windowClosesAt.getTime());
      expect(answers.filter((res) => res.status === 201)).toHaveLength(rows.length);
      // After the close, whatever came in is public, alone or with the other.
      await new Promise((resolve) => setTimeout(resolve, 200));
      t.sawWrites();
      const page = await t.call('GET', `/api/sellers/${seller.id}/reviews?limit=100`);
      const shown = ((await page.json()) as { _id: string }[]).map((r) => r._id);
      for (const row of rows.filter((r) => r.subjectId === seller.id)) expect(shown).toContain(row.id);
      const ofBuyer = await t.call('GET', `/api/sellers/${buyer.id}/reviews`);
      expect(((await ofBuyer.json()) as unknown[]).length).toBe(rows.filter((r) => r.subjectId === buyer.id).length);
    }
    expect(outcomes.in + outcomes.late).toBeGreaterThan(0);
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
