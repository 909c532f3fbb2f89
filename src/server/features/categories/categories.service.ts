import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { categories } from '#server/db/schema/catalog.ts';

export async function listCategories(db: Db) {
  const rows = await db.select().from(categories).orderBy(asc(categories.name));
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}
