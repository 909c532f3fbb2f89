ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
-- custom:
-- An edited title or author brings its words to the lexicon ("did you mean") as a new listing's do.
CREATE FUNCTION "books_search_words_edited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM unnest(tsvector_to_array(to_tsvector('bookshelf_words',
         coalesce(NEW.book_name, '') || ' ' || coalesce(NEW.author, '')))) AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words_edited" AFTER UPDATE OF book_name, author ON "books"
  FOR EACH ROW WHEN (OLD.book_name IS DISTINCT FROM NEW.book_name OR OLD.author IS DISTINCT FROM NEW.author)
  EXECUTE FUNCTION "books_search_words_edited"();
