import { eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { bundleDiscounts } from '#server/db/schema/bundles.ts';
import type { BundleDiscountRule } from '#shared/bundles.ts';
import { discountOf } from './bundles.service.ts';

/** A person's bundle discount as anyone reads it (null: none); 404 for a person who does not exist or left. */
export async function sellerDiscount(db: Db, sellerId: string) {
  const [person] = await db.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, sellerId));
  if (!person || person.closedAt) throw new AppError('NOT_FOUND', 'No seller with this id');
  return { discount: await discountOf(db, sellerId) };
}

/** The seller sets their bundle discount; bundles booked before keep theirs. */
export async function saveDiscount(db: Db, sellerId: string, rule: BundleDiscountRule) {
  await db
    .insert(bundleDiscounts)
    .values({ sellerId, ...rule })
    .onConflictDoUpdate({ target: bundleDiscounts.sellerId, set: { ...rule, updatedAt: new Date() } });
  return { discount: rule };
}

/** The seller offers no bundle discount any more. */
export async function removeDiscount(db: Db, sellerId: string) {
  await db.delete(bundleDiscounts).where(eq(bundleDiscounts.sellerId, sellerId));
  return { discount: null };
}
