CREATE TABLE "bundle_discounts" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"percent" smallint NOT NULL,
	"min_books" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_discounts_percent_range" CHECK ("bundle_discounts"."percent" between 1 and 50),
	CONSTRAINT "bundle_discounts_min_books_range" CHECK ("bundle_discounts"."min_books" between 2 and 20)
);
--> statement-breakpoint
CREATE TABLE "booking_books" (
	"booking_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"book_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"charged_cents" integer NOT NULL,
	CONSTRAINT "booking_books_booking_id_book_id_pk" PRIMARY KEY("booking_id","book_id"),
	CONSTRAINT "booking_books_charged_within_price" CHECK ("booking_books"."charged_cents" between 0 and "booking_books"."price_cents")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_discounts" ADD CONSTRAINT "bundle_discounts_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_books" ADD CONSTRAINT "booking_books_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_books" ADD CONSTRAINT "booking_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_books_book_idx" ON "booking_books" USING btree ("book_id");