/**
 * A bundle's price (ADR 031): the sum of its books' prices, less the seller's bundle discount when the bundle holds
 * at least its number of books. Shared by the server (what the booking charges) and the web (what the buyer sees
 * before booking), so the two cannot differ.
 */

/** A seller's bundle discount: `percent` off from `minBooks` books. */
export interface BundleDiscountRule {
  percent: number;
  minBooks: number;
}

/** Books in one bundle: at least two (one book is a booking), at most this many. */
export const bundleMinBooks = 2;
export const bundleMaxBooks = 20;
/** What a seller may set. */
export const bundleDiscountLimits = { percent: { min: 1, max: 50 }, minBooks: { min: 2, max: 20 } } as const;

export interface BundlePrice {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** Each book's part of the total, in the order given: its price less its share of the discount. */
  chargedCents: number[];
}

/**
 * The price of books costing `pricesCents` under `rule`: the discount is rounded down to the cent, shared among the
 * books in proportion to their prices (rounded down), and the cents left over are taken from the first book that
 * can give them, so the parts add up to the total exactly.
 */
export function bundlePrice(pricesCents: number[], rule: BundleDiscountRule | null): BundlePrice {
  const subtotalCents = pricesCents.reduce((sum, cents) => sum + cents, 0);
  const applies = rule !== null && pricesCents.length >= rule.minBooks && subtotalCents > 0;
  const discountCents = applies ? Math.floor((subtotalCents * rule.percent) / 100) : 0;
  const shares = pricesCents.map((cents) =>
    subtotalCents > 0 ? Math.floor((discountCents * cents) / subtotalCents) : 0,
  );
  let left = discountCents - shares.reduce((sum, cents) => sum + cents, 0);
  for (let i = 0; left > 0 && i < shares.length; i += 1) {
    const room = pricesCents[i]! - shares[i]!;
    const take = Math.min(room, left);
    shares[i] = shares[i]! + take;
    left -= take;
  }
  return {
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    chargedCents: pricesCents.map((cents, i) => cents - shares[i]!),
  };
}
