CREATE TABLE "book_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "book_drafts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" text NOT NULL,
	"import_id" uuid,
	"isbn" text,
	"lookup" text DEFAULT 'waiting' NOT NULL,
	"book_name" text,
	"author" text,
	"publisher" text,
	"publication_year" smallint,
	"suggested_cover" text,
	"suggested_price_cents" integer,
	"condition" text,
	"defects" text[] DEFAULT '{}'::text[] NOT NULL,
	"original_price_cents" integer,
	"resale_price_cents" integer,
	"books_category" text,
	"image" text,
	"thumbnail" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" text,
	"location" text,
	"description" text,
	"purchase_year" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_drafts_prices_positive" CHECK ("book_drafts"."original_price_cents" > 0 and "book_drafts"."resale_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shelf_import_lines" (
	"import_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"text" text NOT NULL,
	"isbn" text,
	"outcome" text NOT NULL,
	"draft_id" uuid,
	CONSTRAINT "shelf_import_lines_import_id_line_no_pk" PRIMARY KEY("import_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "shelf_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'reading' NOT NULL,
	"text" text,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "book_drafts" ADD CONSTRAINT "book_drafts_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_drafts" ADD CONSTRAINT "book_drafts_import_id_shelf_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."shelf_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_import_lines" ADD CONSTRAINT "shelf_import_lines_import_id_shelf_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."shelf_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_imports" ADD CONSTRAINT "shelf_imports_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_drafts_isbn_once" ON "book_drafts" USING btree ("seller_id","isbn") WHERE "book_drafts"."isbn" is not null;--> statement-breakpoint
CREATE INDEX "book_drafts_seller_idx" ON "book_drafts" USING btree ("seller_id","seq");--> statement-breakpoint
CREATE INDEX "book_drafts_waiting_idx" ON "book_drafts" USING btree ("import_id") WHERE "book_drafts"."lookup" = 'waiting';--> statement-breakpoint
CREATE INDEX "shelf_imports_seller_idx" ON "shelf_imports" USING btree ("seller_id","created_at");