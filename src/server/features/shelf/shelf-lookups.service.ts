import { and, eq, sql } from 'drizzle-orm';
import { bookDrafts, shelfImports } from '#server/db/schema/shelf.ts';
import { lookUpIsbn } from '#server/features/isbn/isbn.public.ts';
import { getPriceGuide } from '#server/features/price-guide/price-guide.public.ts';
import type { JobDeps } from '#server/jobs/define-job.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { toCents } from '#shared/money.ts';
import { startingDescription } from './shelf-imports.service.ts';

/** Drafts looked up per run of the job; it queues itself again while some wait, so other jobs get their turn. */
const perRun = 40;
/** Lookups at once: the catalogue is asked by one import at most this many at a time (answers cached, ADR 017). */
const atOnce = 4;

/**
 * Looks up the next waiting drafts of an import (the `look-up-shelf-drafts` job) with the ISBN lookup the add-a-book
 * form uses (cached, the same answers), fills in what the seller left empty, the suggested cover, and a suggested
 * price from the price guide when it has enough copies. Queues itself again while drafts wait; the last run
 * marks the import done.
 */
export async function lookUpShelfDrafts(deps: JobDeps, importId: string): Promise<void> {
  const { db, env } = deps;
  const waiting = await db
    .select({
      id: bookDrafts.id,
      isbn: bookDrafts.isbn,
      bookName: bookDrafts.bookName,
      author: bookDrafts.author,
    })
    .from(bookDrafts)
    .where(and(eq(bookDrafts.importId, importId), eq(bookDrafts.lookup, 'waiting')))
    .orderBy(bookDrafts.seq)
    .limit(perRun);
  for (let i = 0; i < waiting.length; i += atOnce) {
    await Promise.all(
      waiting.slice(i, i + atOnce).map(async (draft) => {
        if (!draft.isbn) return;
        const found = await lookUpIsbn(deps, draft.isbn);
        const guide = await getPriceGuide(db, env.CURRENCY, { isbn: draft.isbn, title: null, author: null });
        const median = guide.enough ? (guide.sold?.median ?? guide.listed?.median ?? null) : null;
        const details = found.details;
        const bookName = draft.bookName ?? details?.title ?? null;
        const author = draft.author ?? details?.author ?? null;
        const suggestedPriceCents = median === null ? null : toCents(median);
        await db
          .update(bookDrafts)
          .set({
            lookup: found.status,
            bookName,
            author,
            publisher: sql`coalesce(${bookDrafts.publisher}, ${details?.publisher ?? null})`,
            publicationYear: sql`coalesce(${bookDrafts.publicationYear}, ${details?.publicationYear ?? null}::smallint)`,
            suggestedCover: found.cover,
            suggestedPriceCents,
            resalePriceCents: sql`coalesce(${bookDrafts.resalePriceCents}, ${suggestedPriceCents}::int)`,
            description: sql`coalesce(${bookDrafts.description}, ${startingDescription(bookName, author)})`,
            updatedAt: new Date(),
          })
          .where(and(eq(bookDrafts.id, draft.id), eq(bookDrafts.lookup, 'waiting')));
      }),
    );
  }
  if (waiting.length === perRun) {
    await addJob(db, 'look-up-shelf-drafts', { importId }, { jobKey: `shelf-lookups:${importId}` });
    return;
  }
  await db
    .update(shelfImports)
    .set({ state: 'done', finishedAt: new Date() })
    .where(and(eq(shelfImports.id, importId), eq(shelfImports.state, 'looking-up')));
}
