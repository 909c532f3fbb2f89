import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { fromCents } from '#shared/money.ts';
import {
  type PriceGroup,
  type PriceGuide,
  type PriceGuideQuery,
  priceGuideMinimum,
} from '#shared/schemas/price-guide.ts';

type GroupRow = {
  sold: boolean;
  by_isbn: boolean;
  n: number;
  median: number;
  min: number;
  max: number;
};

const toGroup = (row: GroupRow | undefined): PriceGroup | null =>
  row ? { count: row.n, median: fromCents(row.median), min: fromCents(row.min), max: fromCents(row.max) } : null;

/**
 * What the sold copies and those on sale now of a book went and go for: its comparables (`bookshelf_comparables`,
 * migration `good-price`) grouped by sold or listed, in one query on the ISBN's or the title and author's index.
 */
export async function getPriceGuide(db: Db, currency: string, query: PriceGuideQuery): Promise<PriceGuide> {
  const { rows } = await db.execute<GroupRow>(sql`
    select sold, bool_or(by_isbn) as by_isbn, count(*)::int as n, min(price_cents) as min, max(price_cents) as max,
           round(percentile_cont(0.5) within group (order by price_cents)::numeric)::int as median
    from bookshelf_comparables(${query.isbn}, ${query.title}, ${query.author}, null)
    group by sold`);
  const comparables = rows.reduce((sum, row) => sum + row.n, 0);
  const enough = comparables >= priceGuideMinimum;
  return {
    enough,
    comparables,
    matchedBy: rows[0] ? (rows[0].by_isbn ? 'isbn' : 'title') : null,
    currency,
    sold: enough ? toGroup(rows.find((row) => row.sold)) : null,
    listed: enough ? toGroup(rows.find((row) => !row.sold)) : null,
  };
}
