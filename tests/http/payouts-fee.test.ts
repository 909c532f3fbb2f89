import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/orders.ts';
import { readEnv } from '#server/env.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { openShop, payInFull } from '../support/orders.ts';

// The store's fee (PLATFORM_FEE, ADR 026): fixed on the order when it is paid, share + fee = price.

const shop = await openShop({ PLATFORM_FEE: '10%,1.00,5.00' });
const { t } = shop;
afterAll(() => t.close());

async function figures(bookingId: string) {
  const [row] = await t.db
    .select({ price: bookings.priceCents, fee: bookings.feeCents, share: bookings.shareCents })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row!;
}

describe('the fee of a sale', () => {
  it('is fixed when the order is paid, within its minimum and maximum, and share + fee = price', async () => {
    const cases = [
      [1250, 125],
      [500, 100],
      [9000, 500],
    ] as const;
    for (const [price, fee] of cases) {
      const { buyer, bookingId } = await shop.newBooking(price);
      expect(await figures(bookingId)).toEqual({ price, fee: null, share: null });
      await payInFull(t, buyer, bookingId);
      expect(await figures(bookingId)).toEqual({ price, fee, share: price - fee });
    }
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('cannot be set to something unreadable: the start fails naming PLATFORM_FEE', () => {
    expect(() => readEnv({ PLATFORM_FEE: '8 percent' })).toThrow(/PLATFORM_FEE: must be '0' or/);
    expect(() => readEnv({ RELEASE_AFTER: 'soon' })).toThrow(/RELEASE_AFTER: must be a number and a unit/);
    expect(readEnv({ PLATFORM_FEE: '0' }).PLATFORM_FEE).toEqual({ basisPoints: 0, minCents: 0, maxCents: 0 });
    expect(readEnv({}).PLATFORM_FEE).toEqual({ basisPoints: 800, minCents: 50, maxCents: 4000 });
  });
});
