import { and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SearchMatch } from '../../../shared/constants.ts';
import { toIsbn13 } from '../../../shared/isbn.ts';
import type { Book } from '../../../shared/schemas/book.ts';
import type { SearchQuery } from '../../../shared/schemas/search.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { books, categories } from '../../db/schema/catalog.ts';
import { fromBookView, toBook } from '../books/book-view.ts';
import { isPublic } from '../books/public-books.service.ts';

export interface SearchResult {
  items: Book[];
  total: number;
  match: SearchMatch;
  /** The corrected search whose books these are (`match` is `corrected`). */
  suggestion?: string;
}

/** Words of a search that "did you mean" looks at; the rest of a long search is left as typed. */
const maxCorrectedWords = 8;

/** The filters, as conditions beside "listed". */
function filtersOf(query: SearchQuery): SQL[] {
  const filters: SQL[] = [isPublic];
  if (query.category !== undefined) filters.push(eq(categories.name, query.category));
  if (query.condition !== undefined) filters.push(eq(books.condition, query.condition));
  if (query.minPrice !== undefined) filters.push(gte(books.resalePriceCents, query.minPrice));
  if (query.maxPrice !== undefined) filters.push(lte(books.resalePriceCents, query.maxPrice));
  if (query.verified) filters.push(eq(user.verified, true));
  return filters;
}

/** The order of a sort that is not by relevance (relevance puts its own keys first). */
function orderOf(query: SearchQuery): SQL[] {
  const newest = [desc(books.postDate), desc(books.id)];
  if (query.sort === 'price_asc') return [asc(books.resalePriceCents), ...newest];
  if (query.sort === 'price_desc') return [desc(books.resalePriceCents), ...newest];
  return newest;
}

/** One page of the listed books that `matches`, in `relevance` order unless another sort was asked for. */
async function page(db: Db, currency: string, query: SearchQuery, matches: SQL | undefined, relevance: SQL[]) {
  const where = and(matches, ...filtersOf(query));
  const order =
    query.sort === undefined || query.sort === 'relevance' ? [...relevance, ...orderOf(query)] : orderOf(query);
  const [rows, [total]] = await Promise.all([
    fromBookView(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(books)
      .innerJoin(user, eq(user.id, books.sellerId))
      .innerJoin(categories, eq(categories.id, books.categoryId))
      .where(where),
  ]);
  return { items: rows.map((row) => toBook(row, currency)), total: total?.n ?? 0 };
}

/** Full text: the words (English stems, accents ignored) in title, author, category or description; or the ISBN. */
function byWords(db: Db, currency: string, query: SearchQuery, words: string) {
  const tsquery = sql`websearch_to_tsquery('bookshelf', ${words})`;
  const isbn = toIsbn13(words);
  const inText = sql`${books.searchVector} @@ ${tsquery}`;
  const relevance = [desc(sql`ts_rank(${books.searchVector}, ${tsquery})`)];
  if (!isbn) return page(db, currency, query, inText, relevance);
  return page(db, currency, query, or(inText, eq(books.isbn, isbn)), [
    desc(sql`${books.isbn} is not distinct from ${isbn}`),
    ...relevance,
  ]);
}

/** Titles and authors in which what was typed is close to a run of words (pg_trgm word similarity). */
function bySimilarity(db: Db, currency: string, query: SearchQuery, typed: string) {
  const folded = sql`bookshelf_fold(${typed})`;
  const title = sql`bookshelf_fold(${books.bookName})`;
  const author = sql`bookshelf_fold(${books.author})`;
  const matches = sql`(${folded} <% ${title} or ${folded} <% ${author})`;
  const score = sql`greatest(word_similarity(${folded}, ${title}), coalesce(word_similarity(${folded}, ${author}), 0))`;
  return page(db, currency, query, matches, [desc(score)]);
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
  if (!/[\p{L}\p{N}]/u.test(typed)) {
    const all = await page(db, currency, query, undefined, []);
    return { ...all, match: 'all' };
  }
  const found = await byWords(db, currency, query, typed);
  if (found.total > 0) return { ...found, match: 'words' };
  const suggestion = await correct(db, typed);
  if (suggestion) {
    const corrected = await byWords(db, currency, query, suggestion);
    if (corrected.total > 0) return { ...corrected, match: 'corrected', suggestion };
  }
  const similar = await bySimilarity(db, currency, query, typed);
  return { ...similar, match: similar.total > 0 ? 'similar' : 'none' };
}
