CREATE TABLE "payout_accounts" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"state" text DEFAULT 'onboarding' NOT NULL,
	"detail" text,
	"bank_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"held_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"release_reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"debt_taken_cents" integer,
	"provider_transfer_id" text,
	"key_round" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"tried_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payout_transfers_debt_taken" CHECK ("payout_transfers"."debt_taken_cents" is null or ("payout_transfers"."debt_taken_cents" >= 0 and "payout_transfers"."debt_taken_cents" <= "payout_transfers"."amount_cents"))
);
--> statement-breakpoint
CREATE TABLE "test_bank_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfer_reversals_transfer_id_unique" UNIQUE("transfer_id")
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"source_transaction" text NOT NULL,
	"transfer_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "transfer_reversals" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"provider_reversal_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "share_cents" integer;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_held_by_user_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_transfer_reversals" ADD CONSTRAINT "test_transfer_reversals_transfer_id_test_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."test_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_booking_id_payout_transfers_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."payout_transfers"("booking_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_transfers_seller_idx" ON "payout_transfers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_open_idx" ON "payout_transfers" USING btree ("created_at") WHERE "payout_transfers"."status" in ('waiting', 'pending', 'sending');--> statement-breakpoint
-- Orders paid before the store took a fee: the seller's share is the whole price.
UPDATE "bookings" SET "fee_cents" = 0, "share_cents" = "price_cents" WHERE "status" = 'Paid' OR "paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_share_plus_fee_is_price" CHECK (("fee_cents" IS NULL AND "share_cents" IS NULL) OR ("fee_cents" >= 0 AND "share_cents" >= 0 AND "fee_cents" + "share_cents" = "price_cents"));
