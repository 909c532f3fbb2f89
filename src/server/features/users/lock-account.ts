import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import { user } from '#server/db/schema/auth.ts';
import type { Tx } from '#server/db/transaction.ts';

/**
 * Holds the caller's account while a write that refers to it (a report, a listing) is made: an admin closing
 * the account meanwhile waits, or went first and the caller is told so. Accounts are always locked before
 * bookings and books (docs/ARCHITECTURE.md, "Lock order"), so the two cannot deadlock. Under `no key update`
 * two such writes for one account also wait for each other (the Wanted list's bound); under `key share` they do not.
 */
export async function lockAccount(
  tx: Tx,
  userId: string,
  strength: 'key share' | 'no key update' = 'key share',
): Promise<void> {
  const [found] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.closedAt)))
    .for(strength);
  if (!found) throw new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
}
