import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '#server/db/schema/orders.ts';
import { invariantViolations } from '../support/invariants.ts';
import { confirmTestCard, openShop, startPaying } from '../support/orders.ts';
import type { TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const { t, newBooking } = await openShop();
afterAll(() => t.close());

async function succeededTransaction(buyer: TestUser, bookingId: string) {
  const res = await confirmTestCard(t, buyer, await startPaying(t, buyer, bookingId));
  return (await jsonOf(res, 200)).transactionId;
}

describe('payment races', () => {
  it('20 simultaneous records of one payment: one record, every answer the same insertedId', async () => {
    const { buyer, bookingId } = await newBooking();
    const transactionId = await succeededTransaction(buyer, bookingId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.as(buyer).payments.$post({ json: { bookingId, transactionId } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (r) => (await jsonOf(r, 200)).insertedId)));
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('a second tab paying a charged booking gets the charged intent back, so the card is charged once', async () => {
    const { buyer, bookingId } = await newBooking();
    const first = await succeededTransaction(buyer, bookingId);
    const second = await succeededTransaction(buyer, bookingId);
    expect(second).toBe(first);
    const answers = await Promise.all(
      [first, second].map((transactionId) => t.as(buyer).payments.$post({ json: { bookingId, transactionId } })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('Paid');
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('simultaneous card confirmations and records from many tabs still leave one payment', async () => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    const results: number[] = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const confirmed = await confirmTestCard(t, buyer, secret);
        if (confirmed.status !== 200) return confirmed.status;
        const { transactionId } = await jsonOf(confirmed, 200);
        return (await t.as(buyer).payments.$post({ json: { bookingId, transactionId } })).status;
      }),
    );
    expect(results.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((s) => s === 200 || s === 409)).toBe(true);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
