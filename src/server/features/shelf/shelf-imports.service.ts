import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookDrafts, type ShelfDefaults, shelfImportLines, shelfImports } from '#server/db/schema/shelf.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { authorize } from '#server/policies/policies.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import {
  type ShelfImport,
  type ShelfLine,
  type ShelfLineOutcome,
  type StartShelfImportInput,
  shelfImportMaxLines,
  shelfLineOutcomes,
} from '#shared/schemas/shelf.ts';
import { lineCountBound, type ReadLine, readLines, sourceOf } from './shelf-lines.ts';

const m = texts.shelf;
/** Imports of one seller being read or looked up at once; more wait for one to finish (409). */
const importsAtOnce = 3;
/** Lines written per statement while reading an import. */
const chunk = 500;

type Defaults = NonNullable<StartShelfImportInput['defaults']>;

/**
 * Starts an import of `seller`'s: checks its size, keeps its text and queues the job that reads it into lines and
 * drafts (`read-shelf-import`), so a file of thousands of lines is answered at once and read in the background.
 */
export async function startShelfImport(
  db: Db,
  seller: SessionUser,
  input: { text: string; defaults?: ShelfDefaults | undefined },
): Promise<ShelfImport> {
  if (lineCountBound(input.text) > shelfImportMaxLines + 1) {
    throw new AppError('BAD_REQUEST', m.tooManyLines({ max: shelfImportMaxLines }), { field: 'text' });
  }
  const source = sourceOf(input.text);
  const created = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shelf-imports'), hashtext(${seller.id}))`);
    const [running] = await tx
      .select({ n: count() })
      .from(shelfImports)
      .where(and(eq(shelfImports.sellerId, seller.id), sql`${shelfImports.state} <> 'done'`));
    if ((running?.n ?? 0) >= importsAtOnce) {
      throw new AppError('CONFLICT', `${importsAtOnce} of your imports are still running; wait for one to finish`);
    }
    const [row] = await tx
      .insert(shelfImports)
      .values({ sellerId: seller.id, source, text: input.text, defaults: input.defaults ?? {} })
      .returning();
    await addJob(tx, 'read-shelf-import', { importId: row!.id });
    return row!;
  });
  return toImport(created, {}, { waiting: 0, done: 0 });
}

function toImport(
  row: typeof shelfImports.$inferSelect,
  outcomes: Partial<Record<ShelfLineOutcome, number>>,
  lookups: { waiting: number; done: number },
): ShelfImport {
  return {
    _id: row.id,
    source: row.source,
    state: row.state,
    lines: row.lineCount,
    outcomes: Object.fromEntries(shelfLineOutcomes.map((o) => [o, outcomes[o] ?? 0])) as Record<
      ShelfLineOutcome,
      number
    >,
    lookups,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownImport(db: Db, seller: SessionUser, importId: string) {
  const [row] = await db.select().from(shelfImports).where(eq(shelfImports.id, importId));
  if (!row) throw new AppError('NOT_FOUND', m.noImport);
  authorize(seller, 'shelfImport.read', row);
  return row;
}

/** An import of the seller's, with how many lines had each outcome and how far its lookups are. */
export async function getShelfImport(db: Db, seller: SessionUser, importId: string): Promise<ShelfImport> {
  const row = await ownImport(db, seller, importId);
  const [outcomes, lookups] = await Promise.all([
    db
      .select({ outcome: shelfImportLines.outcome, n: count() })
      .from(shelfImportLines)
      .where(eq(shelfImportLines.importId, importId))
      .groupBy(shelfImportLines.outcome),
    db
      .select({ waiting: sql<number>`count(*) filter (where ${bookDrafts.lookup} = 'waiting')::int`, n: count() })
      .from(bookDrafts)
      .where(eq(bookDrafts.importId, importId)),
  ]);
  const waiting = lookups[0]?.waiting ?? 0;
  return toImport(row, Object.fromEntries(outcomes.map((o) => [o.outcome, o.n])), {
    waiting,
    done: (lookups[0]?.n ?? 0) - waiting,
  });
}

/** The import's lines in order, with what became of each; `problems` only those that did not become a draft. */
export async function listShelfImportLines(
  db: Db,
  seller: SessionUser,
  importId: string,
  query: PageQuery & { problems?: 'true' | 'false' | undefined },
) {
  await ownImport(db, seller, importId);
  const where = and(
    eq(shelfImportLines.importId, importId),
    query.problems === 'true' ? sql`${shelfImportLines.outcome} not in ('added', 'no-isbn')` : undefined,
  );
  return paginate(
    db.select().from(shelfImportLines).where(where).orderBy(asc(shelfImportLines.lineNo)),
    db.select({ n: count() }).from(shelfImportLines).where(where),
    query,
    (row): ShelfLine => ({
      line: row.lineNo,
      text: row.text,
      isbn: row.isbn,
      outcome: row.outcome,
      draftId: row.draftId,
    }),
  );
}

/** The description a draft starts with: what the catalogue said of the book, for the seller to complete. */
export function startingDescription(title: string | null, author: string | null): string | null {
  if (!title) return null;
  return author ? `${title} by ${author}.` : `${title}.`;
}

/**
 * Reads an import into lines and drafts (the `read-shelf-import` job), in one transaction: each ISBN new to the
 * seller becomes a draft with the import's defaults; one they have on sale (Available or Booked), one already among
 * their drafts, or one earlier in the same import is told so, as are invalid ISBNs and lines that are not ISBNs.
 * Then its drafts' lookups are queued.
 */
export async function readShelfImport(db: Db, importId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(shelfImports)
      .where(and(eq(shelfImports.id, importId), eq(shelfImports.state, 'reading')))
      .for('update');
    if (!row || row.text === null) return;
    const defaults = row.defaults as Defaults;
    const seen = new Set<string>();
    let batch: ReadLine[] = [];
    let lines = 0;
    let drafts = 0;
    for (const line of readLines(row.text, row.source, shelfImportMaxLines)) {
      batch.push(line);
      lines++;
      if (batch.length === chunk) {
        drafts += await writeLines(tx, row.sellerId, importId, defaults, batch, seen);
        batch = [];
      }
    }
    if (batch.length > 0) drafts += await writeLines(tx, row.sellerId, importId, defaults, batch, seen);
    await tx
      .update(shelfImports)
      .set({
        text: null,
        lineCount: lines,
        state: drafts > 0 ? 'looking-up' : 'done',
        ...(drafts === 0 && { finishedAt: new Date() }),
      })
      .where(eq(shelfImports.id, importId));
    if (drafts > 0) await addJob(tx, 'look-up-shelf-drafts', { importId }, { jobKey: `shelf-lookups:${importId}` });
  });
}

/** Writes one batch of lines and their drafts; answers how many drafts it made. */
async function writeLines(
  tx: Tx,
  sellerId: string,
  importId: string,
  defaults: Defaults,
  batch: ReadLine[],
  seen: Set<string>,
): Promise<number> {
  const isbns = [...new Set(batch.flatMap((line) => (line.isbn && !line.outcome ? [line.isbn] : [])))];
  const onSale = new Set(
    isbns.length === 0
      ? []
      : (
          await tx
            .select({ isbn: books.isbn })
            .from(books)
            .where(
              and(
                eq(books.sellerId, sellerId),
                inArray(books.isbn, isbns),
                inArray(books.status, ['Available', 'Booked']),
              ),
            )
        ).map((b) => b.isbn),
  );
  const outcomes = new Map<number, ShelfLineOutcome>();
  const toDraft: ReadLine[] = [];
  for (const line of batch) {
    if (line.outcome) outcomes.set(line.lineNo, line.outcome);
    else if (line.isbn && onSale.has(line.isbn)) outcomes.set(line.lineNo, 'listed');
    else if (line.isbn && seen.has(line.isbn)) outcomes.set(line.lineNo, 'repeated');
    else {
      if (line.isbn) seen.add(line.isbn);
      toDraft.push(line);
    }
  }
  const draftIds = new Map<number, string>();
  if (toDraft.length > 0) {
    const inserted = await tx
      .insert(bookDrafts)
      .values(
        toDraft.map((line) => ({
          sellerId,
          importId,
          isbn: line.isbn,
          // A row without an ISBN has nothing to look up: its title and author are what the seller gave.
          lookup: line.isbn ? ('waiting' as const) : ('none' as const),
          bookName: line.title,
          author: line.author,
          description: line.isbn ? null : startingDescription(line.title, line.author),
          booksCategory: defaults.booksCategory ?? null,
          phone: defaults.phone ?? null,
          location: defaults.location ?? null,
          purchaseYear: defaults.purchaseYear ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: bookDrafts.id, isbn: bookDrafts.isbn, bookName: bookDrafts.bookName });
    const byIsbn = new Map(inserted.flatMap((d) => (d.isbn ? [[d.isbn, d.id] as const] : [])));
    const untitled = inserted.filter((d) => !d.isbn);
    let next = 0;
    for (const line of toDraft) {
      const id = line.isbn ? byIsbn.get(line.isbn) : untitled[next++]?.id;
      if (id) {
        draftIds.set(line.lineNo, id);
        outcomes.set(line.lineNo, line.isbn ? 'added' : 'no-isbn');
      } else outcomes.set(line.lineNo, 'drafted');
    }
  }
  await tx.insert(shelfImportLines).values(
    batch.map((line) => ({
      importId,
      lineNo: line.lineNo,
      text: line.text,
      isbn: line.isbn,
      outcome: outcomes.get(line.lineNo)!,
      draftId: draftIds.get(line.lineNo) ?? null,
    })),
  );
  return draftIds.size;
}
