ALTER TABLE "user" ADD COLUMN "former_role" text;--> statement-breakpoint
-- Admins who have listed books were sellers before: they keep selling.
UPDATE "user" SET "former_role" = 'Seller' WHERE "role" = 'Admin' AND EXISTS (SELECT 1 FROM "books" WHERE "books"."seller_id" = "user"."id");
