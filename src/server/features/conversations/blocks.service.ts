import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { personBlocks } from '#server/db/schema/conversations.ts';

/** Whether `blocker` has blocked `blocked`, as a condition of a statement. */
export const blocks = (blocker: unknown, blocked: unknown) =>
  sql<boolean>`exists (select 1 from ${personBlocks} where ${personBlocks.blockerId} = ${blocker}
    and ${personBlocks.blockedId} = ${blocked})`;

/** The person blocks another: they can no longer write to them or book their books. Blocking twice changes nothing. */
export async function blockPerson(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new AppError('CONFLICT', 'You cannot block yourself');
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, blockedId));
  if (!target) throw new AppError('NOT_FOUND', 'There is no person with this id');
  const made = await db
    .insert(personBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: personBlocks.blockedId });
  return { acknowledged: true, modifiedCount: made.length };
}

/** The person lifts their block of another; lifting none changes nothing. */
export async function unblockPerson(db: Db, blockerId: string, blockedId: string) {
  const gone = await db
    .delete(personBlocks)
    .where(and(eq(personBlocks.blockerId, blockerId), eq(personBlocks.blockedId, blockedId)))
    .returning({ blockedId: personBlocks.blockedId });
  return { acknowledged: true, modifiedCount: gone.length };
}

/** Whether the seller has blocked the buyer: a condition for a booking (features/bookings). */
export const sellerBlocked = (sellerId: unknown, buyerId: unknown) => blocks(sellerId, buyerId);
