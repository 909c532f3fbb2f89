import { sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import { books } from '#server/db/schema/catalog.ts';
import type { Tx } from '#server/db/transaction.ts';
import type { ListingRule } from '#server/env.ts';
import { periodInWords, waitInWords } from '#shared/durations.ts';
import { texts } from '#shared/i18n/texts.ts';

/**
 * Refuses a new listing of `sellerId` that would pass one of LISTING_LIMIT's rules: 429 naming the rule, with
 * Retry-After the seconds until the oldest listing that fills it leaves its window. It counts the seller's books
 * (any status: a deleted listing still counts) posted in each window, so the caller must hold the seller's account
 * under `no key update` first (lockAccount): then two listings of one seller sent at once are counted one after
 * the other, and the second sees the first.
 */
export async function checkListingLimit(tx: Tx, sellerId: string, rules: readonly ListingRule[]): Promise<void> {
  for (const rule of rules) {
    // The listing that would be the rule's (max+1)th in the window is refused while the max-th newest is in it.
    const { rows } = await tx.execute<{ wait: number }>(sql`
      select extract(epoch from ${books.postDate} + make_interval(secs => ${rule.windowSeconds}) - now())::float8 as wait
      from ${books}
      where ${books.sellerId} = ${sellerId} and ${books.postDate} > now() - make_interval(secs => ${rule.windowSeconds})
      order by ${books.postDate} desc
      offset ${rule.max - 1} limit 1`);
    const full = rows[0];
    if (!full) continue;
    const wait = Math.max(1, Math.ceil(full.wait));
    const message = texts.addBook.tooManyListings({
      max: rule.max,
      period: periodInWords(rule.windowSeconds),
      wait: waitInWords(wait),
    });
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: wait });
  }
}

/**
 * How many more listings `sellerId` may make now under LISTING_LIMIT (the least its rules leave; Infinity without
 * rules), and when the fullest rule lets the next one through (seconds, 0 when one may be listed now). The caller
 * holds the seller's account under `no key update` (lockAccount), as for checkListingLimit, so a batch counted
 * here is not raced by another.
 */
export async function listingsLeft(
  tx: Tx,
  sellerId: string,
  rules: readonly ListingRule[],
): Promise<{ left: number; waitSeconds: number }> {
  let left = Number.POSITIVE_INFINITY;
  let waitSeconds = 0;
  for (const rule of rules) {
    const { rows } = await tx.execute<{ n: number; wait: number | null }>(sql`
      select count(*)::int as n,
        extract(epoch from min(${books.postDate}) + make_interval(secs => ${rule.windowSeconds}) - now())::float8 as wait
      from ${books}
      where ${books.sellerId} = ${sellerId} and ${books.postDate} > now() - make_interval(secs => ${rule.windowSeconds})`);
    const n = rows[0]?.n ?? 0;
    const ruleLeft = Math.max(0, rule.max - n);
    if (ruleLeft < left) left = ruleLeft;
    if (n > 0) waitSeconds = Math.max(waitSeconds, Math.max(1, Math.ceil(rows[0]?.wait ?? 0)));
  }
  return { left, waitSeconds };
}
