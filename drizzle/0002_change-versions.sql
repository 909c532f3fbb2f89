CREATE TABLE "change_versions" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"catalog" bigint DEFAULT 0 NOT NULL,
	"accounts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "change_versions" ("slot") SELECT generate_series(0, 63);--> statement-breakpoint
-- Adds one to this connection's slot of the version named by the trigger's argument, once per transaction.
-- The triggers that call it are deferred to commit, so a slot's row lock is held only while the transaction
-- commits: writers on other connections never wait for it, and it can take part in no deadlock.
CREATE FUNCTION "bump_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'bookshelf.bumped_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config(flag, 'yes', true);
    IF TG_ARGV[0] = 'catalog' THEN
      UPDATE "change_versions" SET "catalog" = "catalog" + 1 WHERE "slot" = pg_backend_pid() % 64;
    ELSE
      UPDATE "change_versions" SET "accounts" = "accounts" + 1 WHERE "slot" = pg_backend_pid() % 64;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "books"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('catalog');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('catalog');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_catalog_version" AFTER UPDATE OF "name", "email", "verified" OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('catalog');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_accounts_version" AFTER UPDATE OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_accounts_version" AFTER UPDATE OR DELETE ON "session"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_version"('accounts');--> statement-breakpoint
CREATE TRIGGER "books_catalog_version_truncate" AFTER TRUNCATE ON "books"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('catalog');--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version_truncate" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('catalog');--> statement-breakpoint
CREATE TRIGGER "user_accounts_version_truncate" AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('accounts');--> statement-breakpoint
CREATE TRIGGER "session_accounts_version_truncate" AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_version"('accounts');
