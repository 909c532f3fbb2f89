import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { Role } from '#shared/constants.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { User } from '#shared/schemas/user.ts';
import { toUser } from './user-view.ts';
import { madeAdminMail, sellerVerifiedMail } from './users.mail.ts';

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row ? toUser(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row ? toUser(row) : null;
}

/** Every user (or those of one role), by name; a page of them and the total. */
export function listUsers(db: Db, role: Role | undefined, page: PageQuery) {
  const where = and(isNull(user.closedAt), role ? eq(user.role, role) : undefined);
  return paginate(
    db
      .select()
      .from(user)
      .where(where)
      .orderBy(asc(sql`lower(${user.name})`), asc(user.email)),
    db.select({ n: count() }).from(user).where(where),
    page,
    toUser,
  );
}

/** Makes a user an admin, and tells them by mail; answers how many rows changed (0 when they already were one). */
export async function makeAdmin(db: Db, id: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw new AppError('NOT_FOUND', 'No user with this id');
    const changed = await tx
      .update(user)
      .set({ role: 'Admin', updatedAt: new Date() })
      .where(and(eq(user.id, id), sql`${user.role} <> 'Admin'`))
      .returning({ id: user.id });
    if (changed.length > 0) await queueMail(tx, madeAdminMail({ userId: id }));
    return changed.length;
  });
}

/** Marks a seller verified, and tells them by mail; answers how many rows changed (0 when they already were). */
export async function verifySeller(db: Db, id: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw new AppError('NOT_FOUND', 'No user with this id');
    if (target.role !== 'Seller') throw new AppError('CONFLICT', 'Only sellers can be verified');
    const changed = await tx
      .update(user)
      .set({ verified: true, updatedAt: new Date() })
      .where(and(eq(user.id, id), eq(user.verified, false)))
      .returning({ id: user.id });
    if (changed.length > 0) await queueMail(tx, sellerVerifiedMail({ userId: id }));
    return changed.length;
  });
}

/** Changes one's own display name and photo. */
export async function updateProfile(db: Db, id: string, profile: { name: string; image: string | null }) {
  const [row] = await db
    .update(user)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No user with this id');
  return toUser(row);
}
