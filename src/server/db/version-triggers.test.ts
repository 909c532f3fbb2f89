import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database.ts';
import { readChangeVersion } from './change-versions.ts';
import { categories } from './schema/catalog.ts';
import { declaredVersionTriggers, syncVersionTriggers } from './version-triggers.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

async function triggerNames() {
  const { rows } = await db.execute<{ name: string }>(sql`
    select tgname as name from pg_trigger where tgfoid = 'bump_change_version'::regproc order by tgname`);
  return rows.map((row) => row.name);
}

describe('version triggers made from the schema’s declarations', () => {
  it('a migrated database has exactly the declared ones, a row trigger and a TRUNCATE trigger each', async () => {
    const declared = (await declaredVersionTriggers()).flatMap(({ table, kind }) => [
      `${table}_${kind}_version`,
      `${table}_${kind}_version_truncate`,
    ]);
    expect(declared.length).toBeGreaterThan(10);
    expect(await triggerNames()).toEqual(declared.toSorted());
  });

  it('makes a missing one again and drops one nothing declares', async () => {
    const before = await triggerNames();
    await db.execute(sql`drop trigger "categories_catalog_version" on "categories"`);
    await db.execute(sql`create trigger "categories_orders_version" after insert on "categories"
      for each row execute function "bump_change_version"('orders')`);

    await syncVersionTriggers(db);
    expect(await triggerNames()).toEqual(before);

    const version = { catalog: await readChangeVersion(db, 'catalog'), orders: await readChangeVersion(db, 'orders') };
    await db.insert(categories).values({ name: 'Poetry' });
    expect(BigInt(await readChangeVersion(db, 'catalog'))).toBe(BigInt(version.catalog) + 1n);
    expect(await readChangeVersion(db, 'orders')).toBe(version.orders);
  });

  it('does nothing when the database already matches', async () => {
    const { rows } = await db.execute<{ oid: number }>(
      sql`select oid from pg_trigger where tgname = 'books_catalog_version'`,
    );
    await syncVersionTriggers(db);
    const { rows: after } = await db.execute<{ oid: number }>(
      sql`select oid from pg_trigger where tgname = 'books_catalog_version'`,
    );
    expect(after).toEqual(rows);
  });
});
