CREATE TABLE "uploaded_pictures" (
	"url" text PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wanted_mail_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"mailed" integer NOT NULL,
	CONSTRAINT "wanted_mail_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_slot" smallint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_pictures" ADD CONSTRAINT "uploaded_pictures_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_mail_days" ADD CONSTRAINT "wanted_mail_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_open_hold_slot" ON "bookings" USING btree ("buyer_id","hold_slot") WHERE "bookings"."status" is null;--> statement-breakpoint
CREATE INDEX "notifications_mail_held_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."mail_held";--> statement-breakpoint
-- The pictures of the listings made before uploads had owners belong to their seller (to the earliest listing's
-- seller, where several used one), so a seller can list them again.
INSERT INTO "uploaded_pictures" ("url", "uploader_id", "created_at")
SELECT DISTINCT ON (url) url, seller_id, post_date
FROM (
  SELECT "image" AS url, "seller_id", "post_date" FROM "books" WHERE "status" <> 'Removed'
  UNION ALL
  SELECT photo ->> 'url', "seller_id", "post_date" FROM "books", jsonb_array_elements("photos") AS photo
  WHERE "status" <> 'Removed'
) AS used
WHERE url IS NOT NULL
ORDER BY url, post_date
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The unpaid bookings of before MAX_OPEN_HOLDS take their places in the order they were made (a buyer's beyond the
-- thousandth none: they still count against the limit).
UPDATE "bookings" SET "hold_slot" = numbered.slot
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "buyer_id" ORDER BY "created_at", "id") AS slot
  FROM "bookings" WHERE "status" IS NULL AND "buyer_id" IS NOT NULL
) AS numbered
WHERE "bookings"."id" = numbered."id" AND numbered.slot <= 1000;
