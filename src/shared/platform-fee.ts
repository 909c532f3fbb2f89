/**
 * The store's fee on a sale (PLATFORM_FEE): a percentage of the price, at least `minCents` and at most `maxCents`
 * per order, and never more than the price. `none` takes nothing.
 */
export interface PlatformFee {
  /** Hundredths of a percent: 8% is 800. */
  basisPoints: number;
  minCents: number;
  maxCents: number;
}

export const noFee: PlatformFee = { basisPoints: 0, minCents: 0, maxCents: 0 };

const money = String.raw`(\d{1,7}(?:\.\d{1,2})?)`;
const feePattern = new RegExp(String.raw`^(\d{1,2}(?:\.\d{1,2})?)%,${money},${money}$`);

/** PLATFORM_FEE's text ('8%,0.50,40.00', or '0' for none) as a fee, or the message that says what is wrong. */
export function parsePlatformFee(text: string): PlatformFee | string {
  if (text.trim() === '0') return noFee;
  const match = feePattern.exec(text.replace(/\s+/g, ''));
  if (!match) return "must be '0' or '<percent>%,<minimum>,<maximum>' in major units, e.g. '8%,0.50,40.00'";
  const fee = {
    basisPoints: Math.round(Number(match[1]) * 100),
    minCents: Math.round(Number(match[2]) * 100),
    maxCents: Math.round(Number(match[3]) * 100),
  };
  if (fee.basisPoints > 5000) return 'the percentage is at most 50%';
  if (fee.minCents > fee.maxCents) return 'the minimum must not be above the maximum';
  return fee;
}

/** The fee and the seller's share of a price, in cents: share + fee = price, both at least 0. */
export function splitPrice(priceCents: number, fee: PlatformFee): { feeCents: number; shareCents: number } {
  const percent = Math.round((priceCents * fee.basisPoints) / 10_000);
  const feeCents = Math.min(priceCents, Math.max(fee.minCents, Math.min(fee.maxCents, percent)));
  return { feeCents, shareCents: priceCents - feeCents };
}
