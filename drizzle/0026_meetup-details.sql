ALTER TABLE "user" ADD COLUMN "meetup_phone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "meetup_place" text;