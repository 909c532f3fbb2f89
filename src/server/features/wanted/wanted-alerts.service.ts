import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import { notifications, wanted, wantedMailDays } from '#server/db/schema/wanted.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { isPublic } from '#server/features/books/books.public.ts';
import { queueMailToEach } from '#server/mail/outbox.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney, fromCents } from '#shared/money.ts';
import { wantedListedMail } from './wanted.mail.ts';

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

/** What the alerts need: the database, the currency, and WANTED_MAIL_DAILY_LIMIT. */
export interface AlertDeps {
  db: Db;
  currency: string;
  mailDailyLimit: number;
}

/**
 * The `alert-wanted` job of a new listing: when the book is still on sale, everyone (but its seller, and closed
 * accounts) whose Wanted list it matches gets one notification and, up to WANTED_MAIL_DAILY_LIMIT alert mails a
 * day, one email, in one transaction; past the limit the notification waits for the daily digest instead
 * (wanted-digest.service.ts). A person with several matching entries is told once; the notification's key is `wanted:<book id>`, so
 * a job that runs again, or twice at once, tells nobody twice. Answers how many people were told.
 */
export function alertWanted(deps: AlertDeps, bookId: string): Promise<number> {
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
      insert into ${notifications} (user_id, kind, dedupe_key, book_id, text, link)
      select distinct w.user_id, 'wanted', ${`wanted:${bookId}`}, b.id, ${texts.wanted.listed({ book: book.bookName, price })}, ${`/books/${bookId}`}
      from b
      join ${wanted} w on ${matches}
      join ${user} u on u.id = w.user_id and u.closed_at is null
      where w.user_id <> b.seller_id
      on conflict (user_id, dedupe_key) do nothing
      returning user_id`);
    const told = rows.map((row) => row.user_id);
    const mailNow = await takeMailAllowance(tx, told, deps.mailDailyLimit);
    const held = told.filter((userId) => !mailNow.has(userId));
    if (held.length > 0) {
      await tx.execute(sql`update ${notifications} set mail_held = true
        where ${notifications.bookId} = ${bookId}
          and ${notifications.userId} in (select json_array_elements_text(${JSON.stringify(held)}::json))
          and not exists (select 1 from ${mailOptOuts} o where o.user_id = ${notifications.userId} and o.kind = 'wanted')`);
    }
    await queueMailToEach(tx, [...mailNow], wantedListedMail({ bookId, currency: deps.currency, ...book }));
    return told.length;
  });
}

/**
 * Which of `userIds` may be mailed one more alert today (UTC), each counted as mailed: a person's count for the day
 * grows only while under `limit`, in an upsert that waits for any other alert counting the same person, so alerts
 * running at once never mail anyone past it. People who turned the alerts' mail off are not counted.
 */
async function takeMailAllowance(tx: Tx, userIds: string[], limit: number): Promise<Set<string>> {
  if (userIds.length === 0 || limit === 0) return new Set();
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    insert into ${wantedMailDays} (user_id, day, mailed)
    select id, (now() at time zone 'utc')::date, 1
    from json_array_elements_text(${JSON.stringify(userIds)}::json) as id
    where not exists (select 1 from ${mailOptOuts} o where o.user_id = id and o.kind = 'wanted')
    -- One order for every alert, so two that count the same people wait for each other instead of deadlocking.
    order by id
    on conflict (user_id, day) do update set mailed = ${wantedMailDays.mailed} + 1
      where ${wantedMailDays.mailed} < ${limit}
    returning user_id`);
  return new Set(rows.map((row) => row.user_id));
}
