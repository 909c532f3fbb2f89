ALTER TABLE "user" ADD COLUMN "reporting_banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reporting_banned_by" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "dismissed_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_reporting_banned_by_user_id_fk" FOREIGN KEY ("reporting_banned_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_dismissed_by_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
-- The reports made before this rule count only if their reporter's account is confirmed and was a day old (the
-- default REPORT_MIN_ACCOUNT_AGE) when it reported.
UPDATE "reports" r SET "eligible" = true FROM "user" u
  WHERE u."id" = r."reporter_id" AND u."email_verified" AND u."created_at" <= r."created_at" - interval '1 day';--> statement-breakpoint
-- A book hidden by reports none of which counts is listed again: whatever REPORT_HIDE_THRESHOLD is, one must count.
-- (The others are counted again at their next report or decision.)
UPDATE "books" b SET "hidden" = false
  WHERE b."hidden" AND NOT EXISTS (SELECT 1 FROM "reports" r WHERE r."book_id" = b."id" AND r."eligible");
