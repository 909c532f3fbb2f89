import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { isbnLookups } from '#server/db/schema/isbn-lookups.ts';
import type { CheckedGetPolicy } from '#server/net/checked-get.ts';
import type { IsbnLookup } from '#shared/schemas/isbn-lookup.ts';
import { catalogueUserAgent, coverPolicy, coverUrlRefusal } from './cover-policy.ts';
import { type Answer, askOpenLibrary } from './open-library.ts';

const day = 86_400_000;
/** How long each kind of answer is served without asking again: editions rarely change; a failure may pass soon. */
const freshFor = { found: 30 * day, 'not-found': 7 * day, unavailable: 60_000 } as const;

type Row = typeof isbnLookups.$inferSelect;

/** The cover the catalogue named, when it may be suggested (the cache keeps what the catalogue said). */
const allowedCover = (url: string | null | undefined, policy: CheckedGetPolicy) =>
  url && !coverUrlRefusal(url, policy) ? url : null;

const toLookup = (
  isbn: string,
  row: Pick<Row, 'outcome' | 'details' | 'coverUrl'>,
  policy: CheckedGetPolicy,
): IsbnLookup => ({
  isbn,
  status: row.outcome,
  details: row.details ?? null,
  cover: allowedCover(row.coverUrl, policy),
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
 * answer is `unavailable`, cached for a minute so a failing service is not asked on every keystroke. A cover the
 * cover hosts do not allow (coverPolicy) is not suggested: the answer has none, and the log says why.
 */
export async function lookUpIsbn(
  { db, env, log }: Pick<AppDeps, 'db' | 'env' | 'log'>,
  isbn: string,
): Promise<IsbnLookup> {
  const policy = coverPolicy(env);
  const [cached] = await db.select().from(isbnLookups).where(eq(isbnLookups.isbn, isbn));
  if (cached && cached.freshUntil > new Date()) return toLookup(isbn, cached, policy);
  const answer = await askOpenLibrary(env.ISBN_LOOKUP_URL, isbn, catalogueUserAgent(env));
  if (answer.outcome === 'unavailable' && cached && cached.outcome !== 'unavailable') {
    await db
      .update(isbnLookups)
      .set({ freshUntil: new Date(Date.now() + freshFor.unavailable) })
      .where(eq(isbnLookups.isbn, isbn));
    return toLookup(isbn, cached, policy);
  }
  if (answer.outcome === 'found' && answer.coverUrl) {
    const refusal = coverUrlRefusal(answer.coverUrl, policy);
    if (refusal) log.warn('cover not suggested', { isbn, reason: refusal });
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
  return toLookup(isbn, row, policy);
}

/**
 * The cover the lookup service suggested for `isbn`, as the cache holds it (a seller looked the ISBN up first), when
 * the cover hosts allow it.
 */
export async function suggestedCover(db: Db, policy: CheckedGetPolicy, isbn: string): Promise<string | null> {
  const [row] = await db.select({ coverUrl: isbnLookups.coverUrl }).from(isbnLookups).where(eq(isbnLookups.isbn, isbn));
  return allowedCover(row?.coverUrl, policy);
}
