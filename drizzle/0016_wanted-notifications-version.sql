-- A person's Wanted list and notifications are answered from memory like their orders (ADR 012): a change to
-- either grows the orders version, so the bell shows a new notification within CACHE_MAX_STALENESS_MS (ADR 019).
CREATE CONSTRAINT TRIGGER "notifications_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wanted_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "wanted"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "notifications_orders_version_truncate" AFTER TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "wanted_orders_version_truncate" AFTER TRUNCATE ON "wanted"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');
