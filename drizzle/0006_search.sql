-- Search on PostgreSQL itself (docs/decisions/010-search-in-postgresql.md): full text with English stemming,
-- accents ignored, and pg_trgm for typos. Both extensions ship with PostgreSQL (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- English stemming with accents removed first: "García Márquez" is found by "garcia marquez" and the other way round.
CREATE TEXT SEARCH CONFIGURATION "bookshelf" (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "bookshelf" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
-- The words as typed (no stemming, no stop words), accents removed: the "did you mean" lexicon.
CREATE TEXT SEARCH CONFIGURATION "bookshelf_words" (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "bookshelf_words" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this wrapper names the
-- dictionary and is declared IMMUTABLE, the usual way to index unaccented text.
CREATE FUNCTION "bookshelf_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- A book's search document: title and author first (A), its category (C), its description (D).
CREATE FUNCTION "books_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('bookshelf', coalesce(NEW.book_name, '')), 'A') ||
    setweight(to_tsvector('bookshelf', coalesce(NEW.author, '')), 'A') ||
    setweight(to_tsvector('bookshelf', coalesce((SELECT name FROM categories WHERE id = NEW.category_id), '')), 'C') ||
    setweight(to_tsvector('bookshelf', coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_vector" BEFORE INSERT OR UPDATE OF book_name, author, description, category_id ON "books"
  FOR EACH ROW EXECUTE FUNCTION "books_search_vector"();--> statement-breakpoint
-- A renamed category renames itself in its books' documents.
CREATE FUNCTION "categories_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE books SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_search_vector" AFTER UPDATE OF name ON "categories"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "categories_search_vector"();--> statement-breakpoint
-- The words of new titles and authors (of three letters or more, not numbers) join the lexicon, once per statement (a bulk insert adds them in one go),
-- in word order so that concurrent inserts take the same locks in the same order. Titles and authors are never
-- edited, so inserts are all there is to follow.
CREATE FUNCTION "books_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM new_books, unnest(tsvector_to_array(to_tsvector('bookshelf_words',
         coalesce(new_books.book_name, '') || ' ' || coalesce(new_books.author, '')))) AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_books
  FOR EACH STATEMENT EXECUTE FUNCTION "books_search_words"();--> statement-breakpoint
-- Books listed before this migration: fill their documents and the lexicon.
UPDATE "books" SET "book_name" = "book_name";--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "books", unnest(tsvector_to_array(to_tsvector('bookshelf_words', "book_name"))) AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$' ORDER BY w ON CONFLICT ("word") DO NOTHING;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_public_search_idx" ON "books" USING gin ("search_vector") WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_public_title_trgm_idx" ON "books" USING gin (bookshelf_fold("book_name") gin_trgm_ops) WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_public_author_trgm_idx" ON "books" USING gin (bookshelf_fold("author") gin_trgm_ops) WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_public_author_idx" ON "books" USING btree (bookshelf_fold("author"),"post_date") WHERE "books"."status" = 'Available' and not "books"."hidden" and "books"."author" is not null;--> statement-breakpoint
CREATE INDEX "books_isbn_idx" ON "books" USING btree ("isbn") WHERE "books"."isbn" is not null;
