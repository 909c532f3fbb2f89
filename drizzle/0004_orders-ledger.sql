CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"booking_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "test_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_refunds_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "books" DROP CONSTRAINT "books_seller_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_book_id_books_id_fk";
--> statement-breakpoint
DROP INDEX "bookings_one_per_book";--> statement-breakpoint
DROP INDEX "books_public_category_idx";--> statement-breakpoint
DROP INDEX "books_public_idx";--> statement-breakpoint
DROP INDEX "books_advertised_idx";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now one report hid a book: those books stay hidden until an admin decides.
UPDATE "books" SET "hidden" = true WHERE "reported";--> statement-breakpoint
-- Bookings made before holds existed get the default hold from now on; the ledger job expires them when it ends.
ALTER TABLE "bookings" ADD COLUMN "hold_until" timestamp with time zone DEFAULT now() + interval '48 hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "intent_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "intent_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_refunds" ADD CONSTRAINT "test_refunds_payment_intent_id_test_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."test_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_reported_idx" ON "books" USING btree ("id") WHERE "books"."reported";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_book" ON "bookings" USING btree ("book_id") WHERE "bookings"."status" is null or "bookings"."status" = 'Paid';--> statement-breakpoint
CREATE INDEX "bookings_book_idx" ON "bookings" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "bookings_open_intent_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."intent_id" is not null and "bookings"."status" is null;--> statement-breakpoint
CREATE INDEX "books_public_category_idx" ON "books" USING btree ("category_id","post_date") WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_public_idx" ON "books" USING btree ("post_date") WHERE "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
CREATE INDEX "books_advertised_idx" ON "books" USING btree ("post_date") WHERE "books"."advertised" and "books"."status" = 'Available' and not "books"."hidden";--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key");