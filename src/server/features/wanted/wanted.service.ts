import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { wanted } from '#server/db/schema/wanted.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { lockAccount } from '#server/features/users/users.public.ts';
import { wantedMax } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import { fromCents } from '#shared/money.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { SearchFilters } from '#shared/schemas/search.ts';
import type { AddWanted, WantedEntry } from '#shared/schemas/wanted.ts';
import { requireOwnEntry } from './own-entry.ts';

const t = texts.wanted;

/** A saved search's columns: its words as the search reads them ('' when they hold no word), and its filters. */
function savedSearchColumns(search: SearchFilters) {
  const typed = search.q.trim().replace(/\s+/g, ' ');
  const query = /[\p{L}\p{N}]/u.test(typed) ? typed : '';
  return {
    query,
    queryIsbn: toIsbn13(query),
    category: search.category ?? null,
    condition: search.condition ?? null,
    minPriceCents: search.minPrice ?? null,
    maxPriceCents: search.maxPrice ?? null,
    verified: search.verified,
  };
}

/**
 * Adds an ISBN or a saved search to `userId`'s Wanted list: 409 when it is there already, or when the list holds
 * `wantedMax` entries. The account's row is locked (no key update: bookings and reports, which take key share,
 * do not wait) so that two additions at once cannot pass the bound together.
 */
export function addWanted(db: Db, userId: string, input: AddWanted): Promise<string> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, userId, 'no key update');
    const [held] = await tx.select({ n: count() }).from(wanted).where(eq(wanted.userId, userId));
    if ((held?.n ?? 0) >= wantedMax) throw new AppError('CONFLICT', t.full({ max: wantedMax }));
    const [inserted] = await tx
      .insert(wanted)
      .values(input.search ? { userId, ...savedSearchColumns(input.search) } : { userId, isbn: input.isbn })
      .onConflictDoNothing()
      .returning({ id: wanted.id });
    if (!inserted) throw new AppError('CONFLICT', t.duplicate);
    return inserted.id;
  });
}

const money = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** An ISBN entry's title: the ISBN lookup's, else the newest listing's with that ISBN; null when neither knows it. */
const isbnTitle = sql<string | null>`coalesce(
  (select details->>'title' from isbn_lookups where isbn_lookups.isbn = wanted.isbn and outcome = 'found'),
  (select book_name from books where books.isbn = wanted.isbn order by created_at desc limit 1))`;

function toEntry(row: typeof wanted.$inferSelect & { title: string | null }, currency: string): WantedEntry {
  return {
    _id: row.id,
    isbn: row.isbn,
    title: row.title,
    search:
      row.query === null
        ? null
        : {
            q: row.query,
            category: row.category,
            condition: row.condition,
            minPrice: money(row.minPriceCents),
            maxPrice: money(row.maxPriceCents),
            verified: row.verified,
          },
    currency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A person's Wanted list, newest first. */
export function listWanted(db: Db, currency: string, userId: string, page: PageQuery) {
  const own = eq(wanted.userId, userId);
  return paginate(
    db
      .select({ ...getTableColumns(wanted), title: isbnTitle })
      .from(wanted)
      .where(own)
      .orderBy(desc(wanted.createdAt), desc(wanted.id)),
    db.select({ n: count() }).from(wanted).where(own),
    page,
    (row) => toEntry(row, currency),
  );
}

/** Removes an entry of the caller's own Wanted list. */
export async function removeWanted(db: Db, id: string, userId: string): Promise<number> {
  await requireOwnEntry(db, 'wanted', id, userId);
  const removed = await db
    .delete(wanted)
    .where(and(eq(wanted.id, id), eq(wanted.userId, userId)))
    .returning({ id: wanted.id });
  return removed.length;
}
