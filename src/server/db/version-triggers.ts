import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { declarationsMadeSoFar, type VersionTrigger } from './schema/change-versions.ts';

const schemaFolder = path.join(import.meta.dirname, 'schema');

/** Loads every schema module, so that each table's `changesVersion` declaration is made. */
export async function declaredVersionTriggers(): Promise<readonly VersionTrigger[]> {
  for (const file of readdirSync(schemaFolder)) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
      await import(pathToFileURL(path.join(schemaFolder, file)).href);
  }
  return declarationsMadeSoFar();
}

interface WantedTrigger {
  name: string;
  table: string;
  /** Kept as the trigger's comment: a trigger whose comment differs was made from another declaration. */
  signature: string;
  create: ReturnType<typeof sql.raw>;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The two triggers a declaration asks for: one per changed row, deferred to commit, and one per TRUNCATE. */
function triggersOf(declared: VersionTrigger): WantedTrigger[] {
  const name = `${declared.table}_${declared.kind}_version`;
  const signature = JSON.stringify(declared);
  const events = declared.on
    .map((event) =>
      event === 'update' && declared.columns.length > 0
        ? `UPDATE OF ${declared.columns.map(quoted).join(', ')}`
        : event.toUpperCase(),
    )
    .join(' OR ');
  const bump = `EXECUTE FUNCTION "bump_change_version"('${declared.kind}')`;
  const table = quoted(declared.table);
  return [
    {
      name,
      table: declared.table,
      signature,
      create: sql.raw(
        `CREATE CONSTRAINT TRIGGER ${quoted(name)} AFTER ${events} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${bump}`,
      ),
    },
    {
      name: `${name}_truncate`,
      table: declared.table,
      signature,
      create: sql.raw(
        `CREATE TRIGGER ${quoted(`${name}_truncate`)} AFTER TRUNCATE ON ${table} FOR EACH STATEMENT ${bump}`,
      ),
    },
  ];
}

/**
 * Makes the database's version triggers exactly those the schema declares (`changesVersion`): missing ones are
 * made, changed ones made again, undeclared ones dropped. Runs after the migrations, under their lock; when
 * nothing changed it is one read.
 */
export async function syncVersionTriggers(db: Db): Promise<void> {
  const wanted = (await declaredVersionTriggers()).flatMap(triggersOf);
  await db.transaction(async (tx) => {
    const { rows: present } = await tx.execute<{ name: string; table: string; signature: string | null }>(sql`
      select t.tgname as name, c.relname as table, obj_description(t.oid, 'pg_trigger') as signature
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgfoid = 'bump_change_version'::regproc and not t.tgisinternal`);
    const wantedByName = new Map(wanted.map((trigger) => [trigger.name, trigger]));
    for (const trigger of present) {
      if (wantedByName.get(trigger.name)?.signature === trigger.signature) wantedByName.delete(trigger.name);
      else await tx.execute(sql.raw(`DROP TRIGGER ${quoted(trigger.name)} ON ${quoted(trigger.table)}`));
    }
    for (const trigger of wantedByName.values()) {
      await tx.execute(trigger.create);
      await tx.execute(
        sql.raw(
          `COMMENT ON TRIGGER ${quoted(trigger.name)} ON ${quoted(trigger.table)} IS '${trigger.signature.replaceAll("'", "''")}'`,
        ),
      );
    }
  });
}
