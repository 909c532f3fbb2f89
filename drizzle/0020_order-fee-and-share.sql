ALTER TABLE "bookings" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "share_cents" integer;--> statement-breakpoint
-- Orders paid before the store took a fee: the seller's share is the whole price.
UPDATE "bookings" SET "fee_cents" = 0, "share_cents" = "price_cents" WHERE "status" = 'Paid' OR "paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_share_plus_fee_is_price" CHECK (("fee_cents" IS NULL AND "share_cents" IS NULL) OR ("fee_cents" >= 0 AND "share_cents" >= 0 AND "fee_cents" + "share_cents" = "price_cents"));
