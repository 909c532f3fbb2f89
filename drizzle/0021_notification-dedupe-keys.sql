-- A notification is unique by a key its feature chooses, not by (book, person): a second kind of news about one book
-- (a message, a payout) is a notification of its own. The wanted-book alerts so far get the key their feature uses.
DROP INDEX "notifications_once_per_book";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
UPDATE "notifications" SET "dedupe_key" = 'wanted:' || "book_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_per_key" ON "notifications" USING btree ("user_id","dedupe_key");
