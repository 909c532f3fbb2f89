import { describe, expect, it } from 'vitest';
import { bundlePrice } from './bundles.ts';

describe('bundlePrice', () => {
  it('takes no discount below the seller’s number of books, or without a rule', () => {
    expect(bundlePrice([1000, 500], { percent: 10, minBooks: 3 })).toEqual({
      subtotalCents: 1500,
      discountCents: 0,
      totalCents: 1500,
      chargedCents: [1000, 500],
    });
    expect(bundlePrice([1000, 500, 250], null).discountCents).toBe(0);
  });

  it('takes the percent off from the number of books, rounded down to the cent', () => {
    const price = bundlePrice([1000, 555, 333], { percent: 10, minBooks: 3 });
    expect(price.subtotalCents).toBe(1888);
    expect(price.discountCents).toBe(188);
    expect(price.totalCents).toBe(1700);
  });

  it('shares the discount among the books so that their parts add up to the total', () => {
    for (const prices of [
      [1000, 555, 333],
      [1, 1, 1],
      [999, 1, 7, 13],
      [0, 500, 500],
    ]) {
      for (const percent of [1, 10, 33, 50]) {
        const price = bundlePrice(prices, { percent, minBooks: 2 });
        expect(price.chargedCents.reduce((a, b) => a + b, 0)).toBe(price.totalCents);
        price.chargedCents.forEach((cents, i) => {
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(prices[i]!);
        });
      }
    }
  });
});
