import { describe, expect, it } from 'vitest';
import { noFee, parsePlatformFee, splitPrice } from './platform-fee.ts';

describe('PLATFORM_FEE', () => {
  it('reads a percentage with a minimum and a maximum, or 0 for none', () => {
    expect(parsePlatformFee('8%,0.50,40.00')).toEqual({ basisPoints: 800, minCents: 50, maxCents: 4000 });
    expect(parsePlatformFee('12.5%, 1, 100')).toEqual({ basisPoints: 1250, minCents: 100, maxCents: 10000 });
    expect(parsePlatformFee('0')).toEqual(noFee);
  });

  it('refuses anything else with a message saying what it must be', () => {
    for (const text of ['8', '8%', '8%,1', 'eight%,1,2', '-1%,0,1', '8%,0.505,1'])
      expect(parsePlatformFee(text)).toMatch(/must be '0' or/);
    expect(parsePlatformFee('60%,0,1')).toMatch(/at most 50%/);
    expect(parsePlatformFee('8%,5,1')).toMatch(/minimum must not be above the maximum/);
  });

  it('splits a price into share + fee, the fee within its bounds and never above the price', () => {
    const fee = { basisPoints: 800, minCents: 50, maxCents: 4000 };
    expect(splitPrice(1250, fee)).toEqual({ feeCents: 100, shareCents: 1150 });
    expect(splitPrice(300, fee)).toEqual({ feeCents: 50, shareCents: 250 });
    expect(splitPrice(100_000, fee)).toEqual({ feeCents: 4000, shareCents: 96_000 });
    expect(splitPrice(30, fee)).toEqual({ feeCents: 30, shareCents: 0 });
    expect(splitPrice(1999, noFee)).toEqual({ feeCents: 0, shareCents: 1999 });
    for (let price = 1; price < 5000; price += 37) {
      const { feeCents, shareCents } = splitPrice(price, fee);
      expect(feeCents + shareCents).toBe(price);
    }
  });
});
