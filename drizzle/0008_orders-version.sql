-- A version of the orders (bookings, payments, refunds) beside those of the catalogue and the accounts, so that a
-- signed-in person's own lists can be answered from memory while nothing they show has changed (ADR 012).
ALTER TABLE "change_versions" ADD COLUMN "orders" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'bookshelf.bumped_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config(flag, 'yes', true);
    IF TG_ARGV[0] = 'catalog' THEN
      UPDATE "change_versions" SET "catalog" = "catalog" + 1 WHERE "slot" = pg_backend_pid() % 64;
    ELSIF TG_ARGV[0] = 'orders' THEN
      UPDATE "change_versions" SET "orders" = "orders" + 1 WHERE "slot" = pg_backend_pid() % 64;
    ELSE
      UPDATE "change_versions" SET "accounts" = "accounts" + 1 WHERE "slot" = pg_backend_pid() % 64;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The admins' user lists show new accounts too.
DROP TRIGGER "user_accounts_version" ON "user";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_accounts_version" AFTER INSERT OR UPDATE OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "bookings_orders_version_truncate" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "payments_orders_version_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "refunds_orders_version_truncate" AFTER TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');
