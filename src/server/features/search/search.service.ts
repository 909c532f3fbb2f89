import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { bookViewColumns, isPublic, toBook, withGoodPrices } from '#server/features/books/books.public.ts';
import { type SearchMatch, searchReach } from '#shared/constants.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import type { Book } from '#shared/schemas/book.ts';
import type { SearchQuery } from '#shared/schemas/search.ts';

export interface SearchResult {
  items: Book[];
  /** Books found; when `more`, the ones the search lists (at least `searchReach`). */
  total: number;
  /** More books match than the search lists. */
  more: boolean;
  match: SearchMatch;
  /** The corrected search whose books these are (`match` is `corrected`). */
  suggestion?: string;
}

/** Words of a search that "did you mean" looks at; the rest of a long search is left as typed. */
const maxCorrectedWords = 8;

const byRelevance = (query: SearchQuery) => query.sort === undefined || query.sort === 'relevance';

const toTextArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * The filters, as conditions beside "listed", with the category's id looked up first: the planner then knows which
 * rows it asks for and walks the category's own index. Undefined when no such category exists (nothing is found).
 */
async function filtersOf(db: Db, query: SearchQuery): Promise<SQL[] | undefined> {
  const filters: SQL[] = [isPublic];
  if (query.category !== undefined) {
    const [named] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, query.category));
    if (!named) return undefined;
    filters.push(eq(books.categoryId, named.id));
  }
  if (query.condition !== undefined) filters.push(eq(books.condition, query.condition));
  if (query.minPrice !== undefined) filters.push(gte(books.resalePriceCents, query.minPrice));
  if (query.maxPrice !== undefined) filters.push(lte(books.resalePriceCents, query.maxPrice));
  // Leaving defects out is checked on each row read in the search's order; requiring the signature can read the
  // GIN index books_public_defects_idx when signed copies are few.
  if (query.without?.length) filters.push(sql`not (${books.defects} && ${toTextArray(query.without)})`);
  if (query.signed) filters.push(sql`${books.defects} @> ${toTextArray(['signed_by_author'])}`);
  if (query.verified) {
    filters.push(inArray(books.sellerId, db.select({ id: user.id }).from(user).where(eq(user.verified, true))));
  }
  return filters;
}

/** The order of a sort that is not by relevance; relevance breaks its ties the same way (newest first). */
function orderOf(query: SearchQuery): SQL[] {
  const newest = [desc(books.postDate), desc(books.id)];
  if (query.sort === 'price_asc') return [asc(books.resalePriceCents), ...newest];
  if (query.sort === 'price_desc') return [desc(books.resalePriceCents), ...newest];
  return newest;
}

/**
 * The first `searchReach` listed books that `matches`, in `order`. With an index in that order the planner reads
 * about `searchReach` ÷ (share of books matching) rows, and with few matches only those: a word in every
 * description costs about what a rare one does, however large the catalogue.
 */
function candidates(db: Db, search: Search, matches: SQL | undefined, order = orderOf(search.query)) {
  return db
    .select({ id: books.id })
    .from(books)
    .where(and(matches, ...search.filters))
    .orderBy(...order)
    .limit(searchReach);
}

type Candidates = ReturnType<typeof candidates>;

/** What was asked, with its filters as conditions. */
interface Search {
  query: SearchQuery;
  filters: SQL[];
}

/**
 * One page of the books in any of the candidate sets, ordered by `rank` first when the sort is relevance, with how
 * many there are. A set that holds `searchReach` books may have left some out: then `more`.
 */
async function page(db: Db, currency: string, { query }: Search, sets: Candidates[], rank: SQL[] = []) {
  const found = sql.join(sets, sql` union `);
  const order = byRelevance(query) ? [...rank, ...orderOf(query)] : orderOf(query);
  const rows = await db
    .select({ ...bookViewColumns, found: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(books)
    .innerJoin(user, eq(user.id, books.sellerId))
    .innerJoin(categories, eq(categories.id, books.categoryId))
    .where(sql`${books.id} in (${found})`)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // Past the last page the window counts nothing; count the candidates alone.
  const total =
    rows[0]?.found ??
    (query.page > 1
      ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n from (${found}) f`)).rows[0]?.n ?? 0)
      : 0);
  const priced = await withGoodPrices(db, rows);
  return { items: priced.map((row) => toBook(row, currency)), total, more: total >= searchReach };
}

/**
 * Full text: the words (English stems, accents ignored) in title, author, category or description; or the ISBN.
 * By relevance, the candidates are the newest matches and the newest books whose title or author matches, so
 * that a title with the word is found even when thousands of newer descriptions mention it.
 */
function byWords(db: Db, currency: string, search: Search, words: string) {
  const tsquery = sql`websearch_to_tsquery('bookshelf', ${words})`;
  const isbn = toIsbn13(words);
  const sets = [candidates(db, search, sql`${books.searchVector} @@ ${tsquery}`)];
  if (byRelevance(search.query)) sets.push(candidates(db, search, sql`${books.titleVector} @@ ${tsquery}`));
  if (isbn) sets.push(candidates(db, search, eq(books.isbn, isbn)));
  const rank = [desc(sql`ts_rank(${books.searchVector}, ${tsquery})`)];
  if (isbn) rank.unshift(desc(sql`${books.isbn} is not distinct from ${isbn}`));
  return page(db, currency, search, sets, rank);
}

/** Titles and authors in which what was typed is close to a run of words (pg_trgm word similarity), closest first. */
function bySimilarity(db: Db, currency: string, search: Search, typed: string) {
  const folded = sql`bookshelf_fold(${typed})`;
  const title = sql`bookshelf_fold(${books.bookName})`;
  const author = sql`bookshelf_fold(${books.author})`;
  const matches = sql`(${folded} <% ${title} or ${folded} <% ${author})`;
  const score = desc(
    sql`greatest(word_similarity(${folded}, ${title}), coalesce(word_similarity(${folded}, ${author}), 0))`,
  );
  const order = byRelevance(search.query) ? [score, ...orderOf(search.query)] : orderOf(search.query);
  return page(db, currency, search, [candidates(db, search, matches, order)], [score]);
}

/**
 * "Did you mean": each word of the search that no title or author has is replaced by the most similar word that
 * one has (pg_trgm similarity over the lexicon `search_words`, at its default threshold of 0.3). Undefined when
 * no word changes.
 */
async function correct(db: Db, typed: string): Promise<string | undefined> {
  const words = typed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxCorrectedWords);
  if (words.length === 0) return undefined;
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ typed: string; known: string | null; similar: string | null }>(sql`
    select w.word as typed,
           (select s.word from search_words s where s.word = bookshelf_fold(w.word)) as known,
           (select s.word from search_words s
             where length(w.word) >= 3 and w.word !~ '^[0-9]+$' and s.word % bookshelf_fold(w.word)
             order by similarity(s.word, bookshelf_fold(w.word)) desc, s.word limit 1) as similar
    from unnest(array[${list}]::text[]) with ordinality as w(word, n)
    order by w.n`);
  let changed = false;
  const corrected = rows.map((row) => {
    if (row.known !== null || row.similar === null) return row.typed;
    changed = true;
    return row.similar;
  });
  return changed ? corrected.join(' ') : undefined;
}

/**
 * Searches the listed books (Available, not hidden). Without words, every listed book the filters let through,
 * newest first. With words: full text first; when it finds nothing, the search with its mistyped words
 * corrected; when that finds nothing either, titles and authors similar to what was typed.
 */
export async function searchBooks(db: Db, currency: string, query: SearchQuery): Promise<SearchResult> {
  const typed = query.q.trim().replace(/\s+/g, ' ');
  const words = /[\p{L}\p{N}]/u.test(typed);
  const filters = await filtersOf(db, query);
  if (!filters) return { items: [], total: 0, more: false, match: words ? 'none' : 'all' };
  const search = { query, filters };
  if (!words) {
    const all = await page(db, currency, search, [candidates(db, search, undefined)]);
    return { ...all, match: 'all' };
  }
  const found = await byWords(db, currency, search, typed);
  if (found.total > 0) return { ...found, match: 'words' };
  const suggestion = await correct(db, typed);
  if (suggestion) {
    const corrected = await byWords(db, currency, search, suggestion);
    if (corrected.total > 0) return { ...corrected, match: 'corrected', suggestion };
  }
  const similar = await bySimilarity(db, currency, search, typed);
  return { ...similar, match: similar.total > 0 ? 'similar' : 'none' };
}
