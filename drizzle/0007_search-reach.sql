-- A search lists at most its first 1,000 books (ADR 010): these let it pick them without reading every match.
-- Title and author alone: the books whose title or author has a word that thousands of descriptions also hold.
ALTER TABLE "books" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('bookshelf'::regconfig, coalesce(book_name, '') || ' ' || coalesce(author, ''))) STORED;--> statement-breakpoint
CREATE INDEX "books_public_title_search_idx" ON "books" USING gin ("title_vector") WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_public_price_idx" ON "books" USING btree ("resale_price_cents","post_date") WHERE "books"."status" = 'Available' and not "books"."hidden";