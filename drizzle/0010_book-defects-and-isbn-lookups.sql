CREATE TABLE "isbn_lookups" (
	"isbn" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"details" jsonb,
	"cover_url" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fresh_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "publisher" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "publication_year" smallint;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "defects" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "books_public_defects_idx" ON "books" USING gin ("defects") WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_defects_known" CHECK ("books"."defects" <@ array['notes_or_highlighting', 'torn_or_loose_cover', 'water_damage', 'missing_pages', 'ex_library', 'signed_by_author']::text[]);--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_publication_year_range" CHECK ("books"."publication_year" between 1400 and 2100);