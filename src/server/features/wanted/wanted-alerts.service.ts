import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { notifications, wanted } from '#server/db/schema/wanted.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { isPublic } from '#server/features/books/public-books.service.ts';
import { wantedListedMail } from '#server/mail/mail-templates.ts';
import { queueMailToEach } from '#server/mail/outbox.ts';
import { formatMoney, fromCents } from '#shared/money.ts';
import { pageMessages } from '#shared/page-messages.ts';

/**
 * Whether a Wanted entry `w` matches the book `b` (its category's name `category`, its seller's `verified`): the
 * same ISBN, or a saved search that the search page would list it for — its words in the book's text search
 * document (or its ISBN when the words are one), and every filter it has (ADR 010). The search's fallbacks for
 * nothing found (corrected words, similar titles) are left out: they guess, and an alert should not.
 */
const matches = sql`(
  w.isbn = b.isbn
  or (w.query is not null
      and (w.query = '' or b.search_vector @@ websearch_to_tsquery('bookshelf', w.query) or w.query_isbn = b.isbn)
      and (w.category is null or w.category = b.category)
      and (w.condition is null or w.condition = b.condition)
      and (w.min_price_cents is null or b.resale_price_cents >= w.min_price_cents)
      and (w.max_price_cents is null or b.resale_price_cents <= w.max_price_cents)
      and (not w.verified or b.verified))
)`;

/**
 * The `alert-wanted` job of a new listing: when the book is still on sale, everyone (but its seller, and closed
 * accounts) whose Wanted list it matches gets one notification and one email, in one transaction. A person
 * with several matching entries is told once; (book, person) is unique, so a job that runs again, or twice at
 * once, tells nobody twice. Answers how many people were told.
 */
export function alertWanted(deps: { db: Db; currency: string }, bookId: string): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const [book] = await tx
      .select({
        bookName: books.bookName,
        author: books.author,
        priceCents: books.resalePriceCents,
        condition: books.condition,
      })
      .from(books)
      .where(and(eq(books.id, bookId), isPublic));
    if (!book) return 0;
    const price = `${formatMoney(fromCents(book.priceCents), deps.currency)} (${deps.currency})`;
    const { rows } = await tx.execute<{ user_id: string }>(sql`
      with b as (
        select ${books.id} as id, ${books.sellerId} as seller_id, ${books.isbn} as isbn, ${books.searchVector} as search_vector,
               ${books.condition} as condition, ${books.resalePriceCents} as resale_price_cents,
               ${categories.name} as category, ${user.verified} as verified
        from ${books}
        join ${categories} on ${categories.id} = ${books.categoryId}
        join ${user} on ${user.id} = ${books.sellerId}
        where ${books.id} = ${bookId}
      )
      insert into ${notifications} (user_id, kind, book_id, text, link)
      select distinct w.user_id, 'wanted', b.id, ${pageMessages.wanted.listed(book.bookName, price)}, ${`/books/${bookId}`}
      from b
      join ${wanted} w on ${matches}
      join ${user} u on u.id = w.user_id and u.closed_at is null
      where w.user_id <> b.seller_id
      on conflict (book_id, user_id) do nothing
      returning user_id`);
    const told = rows.map((row) => row.user_id);
    await queueMailToEach(tx, told, wantedListedMail({ bookId, currency: deps.currency, ...book }));
    return told.length;
  });
}
