import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isbnLookups } from '#server/db/schema/isbn-lookups.ts';
import type { IsbnLookup } from '#shared/schemas/isbn-lookup.ts';
import { type Answer, askOpenLibrary } from './open-library.ts';

const day = 86_400_000;
/** How long each kind of answer is served without asking again: editions rarely change; a failure may pass soon. */
const freshFor = { found: 30 * day, 'not-found': 7 * day, unavailable: 60_000 } as const;

type Row = typeof isbnLookups.$inferSelect;

const toLookup = (isbn: string, row: Pick<Row, 'outcome' | 'details' | 'coverUrl'>): IsbnLookup => ({
  isbn,
  status: row.outcome,
  details: row.details ?? null,
  cover: row.coverUrl ?? null,
});

function rowOf(isbn: string, answer: Answer) {
  return {
    isbn,
    outcome: answer.outcome,
    details: answer.outcome === 'found' ? answer.details : null,
    coverUrl: answer.outcome === 'found' ? answer.coverUrl : null,
    askedAt: new Date(),
    freshUntil: new Date(Date.now() + freshFor[answer.outcome]),
  };
}

/**
 * What the lookup service knows of `isbn` (13 digits), from the cache while its answer is fresh, else asked now.
 * When the service fails, an earlier answer (however old) is served and kept a minute more; without one the
 * answer is `unavailable`, cached for a minute so a failing service is not asked on every keystroke.
 */
export async function lookUpIsbn(db: Db, serviceUrl: string, userAgent: string, isbn: string): Promise<IsbnLookup> {
  const [cached] = await db.select().from(isbnLookups).where(eq(isbnLookups.isbn, isbn));
  if (cached && cached.freshUntil > new Date()) return toLookup(isbn, cached);
  const answer = await askOpenLibrary(serviceUrl, isbn, userAgent);
  if (answer.outcome === 'unavailable' && cached && cached.outcome !== 'unavailable') {
    await db
      .update(isbnLookups)
      .set({ freshUntil: new Date(Date.now() + freshFor.unavailable) })
      .where(eq(isbnLookups.isbn, isbn));
    return toLookup(isbn, cached);
  }
  const row = rowOf(isbn, answer);
  await db
    .insert(isbnLookups)
    .values(row)
    .onConflictDoUpdate({
      target: isbnLookups.isbn,
      set: {
        outcome: sql`excluded.outcome`,
        details: sql`excluded.details`,
        coverUrl: sql`excluded.cover_url`,
        askedAt: sql`excluded.asked_at`,
        freshUntil: sql`excluded.fresh_until`,
      },
    });
  return toLookup(isbn, row);
}

/** The cover the lookup service suggested for `isbn`, as the cache holds it (a seller looked the ISBN up first). */
export async function suggestedCover(db: Db, isbn: string): Promise<string | null> {
  const [row] = await db.select({ coverUrl: isbnLookups.coverUrl }).from(isbnLookups).where(eq(isbnLookups.isbn, isbn));
  return row?.coverUrl ?? null;
}
