import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { madeAdminMail } from './users.mail.ts';

export const lastAdminRefusal = 'The store must keep at least one admin: make someone else an admin first';

/**
 * Locks every open admin account, in id order (accounts come first in the lock order), and answers them: two
 * admins taking the role from each other, or closing each other, then go one after the other, and the second
 * sees what the first did.
 */
export function lockAdmins(tx: Tx) {
  return tx
    .select({ id: user.id, formerRole: user.formerRole })
    .from(user)
    .where(and(eq(user.role, 'Admin'), isNull(user.closedAt)))
    .orderBy(asc(user.id))
    .for('update');
}

/**
 * Makes a user an admin, keeping the role they had (a seller goes on selling), and tells them by mail; answers how
 * many rows changed (0 when they already were one).
 */
export async function makeAdmin(db: Db, id: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ role: user.role })
      .from(user)
      .where(and(eq(user.id, id), isNull(user.closedAt)))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND', 'No user with this id');
    if (target.role === 'Admin') return 0;
    await tx.update(user).set({ role: 'Admin', formerRole: target.role, updatedAt: new Date() }).where(eq(user.id, id));
    await queueMail(tx, madeAdminMail({ userId: id }));
    return 1;
  });
}

/**
 * An admin takes the admin role back from an admin (themselves included), who returns to the role they had before
 * (a buyer when they had none, as the first admin of a deployment). Refused when it would leave the store with no
 * admin; answers how many rows changed (0 when they were not an admin).
 */
export async function revokeAdmin(db: Db, { id, by }: { id: string; by: string }): Promise<number> {
  return inTransaction(db, async (tx) => {
    const admins = await lockAdmins(tx);
    if (!admins.some((admin) => admin.id === by)) throw new AppError('FORBIDDEN', 'Only Admin accounts can do this');
    const target = admins.find((admin) => admin.id === id);
    if (!target) {
      const [found] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, id), isNull(user.closedAt)));
      if (!found) throw new AppError('NOT_FOUND', 'No user with this id');
      return 0;
    }
    if (admins.length === 1) throw new AppError('CONFLICT', lastAdminRefusal);
    await tx
      .update(user)
      .set({ role: sql`coalesce(${user.formerRole}, 'Buyer')`, formerRole: null, updatedAt: new Date() })
      .where(eq(user.id, id));
    return 1;
  });
}
