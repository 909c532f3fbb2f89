-- A handover's changes (code checked, handed over, problem reported or decided) show in My Orders and My Products,
-- which are answered from memory while the orders' version is unchanged (ADR 012): they bump it as bookings do.
CREATE CONSTRAINT TRIGGER "handovers_orders_version" AFTER INSERT OR UPDATE OR DELETE ON "handovers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('orders');--> statement-breakpoint
CREATE TRIGGER "handovers_orders_version_truncate" AFTER TRUNCATE ON "handovers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('orders');
