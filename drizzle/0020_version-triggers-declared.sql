-- The version a trigger grows is named by its argument, any column of "change_versions": a new kind of cache needs a
-- column, not a new branch here. The triggers themselves are no longer written in migrations: each table declares
-- its kind beside its definition (changesVersion, src/server/db/schema/change-versions.ts) and the server makes
-- them after migrating (src/server/db/version-triggers.ts).
CREATE OR REPLACE FUNCTION "bump_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'bookshelf.bumped_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config(flag, 'yes', true);
    EXECUTE format('UPDATE "change_versions" SET %1$I = %1$I + 1 WHERE "slot" = $1', TG_ARGV[0])
      USING pg_backend_pid() % 64;
  END IF;
  RETURN NULL;
END
$$;
