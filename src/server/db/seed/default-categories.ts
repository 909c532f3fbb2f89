import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { categories } from '#server/db/schema/catalog.ts';
import { demoCategories } from './demo-catalogue.ts';

/**
 * A store with no categories cannot take a listing, so any database (embedded or not, production too)
 * starts with the default shelf. Several servers starting at once insert each name once.
 */
export async function ensureDefaultCategories(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0) return false;
  await db
    .insert(categories)
    .values(demoCategories.map(({ name }) => ({ name })))
    .onConflictDoNothing({ target: categories.name });
  return true;
}
