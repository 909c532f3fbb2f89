import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { capabilitiesOf, type Role } from '#shared/constants.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { ListedUser, MeetupDetails, User, UserListQuery } from '#shared/schemas/user.ts';
import { toUser } from './user-view.ts';
import { sellerVerifiedMail } from './users.mail.ts';

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row ? toUser(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row ? toUser(row) : null;
}

/** The accounts an admin's list shows; a user list's query without filters shows the open ones, as the spec has it. */
function listedWhere(role: Role | undefined, filters: UserFilters) {
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return and(
    filters.closed === 'true' ? isNotNull(user.closedAt) : isNull(user.closedAt),
    role ? eq(user.role, role) : undefined,
    filters.verified ? eq(user.verified, filters.verified === 'true') : undefined,
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
  );
}

type UserFilters = Omit<UserListQuery, 'page' | 'limit' | 'role'>;

/** Every user (or those of one role), by name, narrowed by the admin's filters; a page of them and the total. */
export function listUsers(db: Db, query: UserListQuery & { role?: Role }) {
  const where = listedWhere(query.role, query);
  const activity = db
    .select({
      userId: session.userId,
      lastActiveAt: sql<string>`max(greatest(${session.updatedAt}, ${session.createdAt}))`.as('last_active_at'),
    })
    .from(session)
    .groupBy(session.userId)
    .as('activity');
  return paginate(
    db
      .select({ row: user, lastActiveAt: activity.lastActiveAt })
      .from(user)
      .leftJoin(activity, eq(activity.userId, user.id))
      .where(where)
      .orderBy(asc(sql`lower(${user.name})`), asc(user.email)),
    db.select({ n: count() }).from(user).where(where),
    query,
    ({ row, lastActiveAt }): ListedUser => ({
      ...toUser(row),
      formerRole: row.formerRole,
      capabilities: capabilitiesOf(row.role, row.formerRole),
      closed: row.closedAt !== null,
      joinedAt: row.createdAt.toISOString(),
      lastActiveAt: lastActiveAt ? new Date(lastActiveAt).toISOString() : null,
    }),
  );
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

/** One's meetup details: what one's new listings start with. */
export async function meetupDetailsOf(db: Db, id: string): Promise<MeetupDetails> {
  const [row] = await db
    .select({ phone: user.meetupPhone, location: user.meetupPlace })
    .from(user)
    .where(eq(user.id, id));
  return { phone: row?.phone ?? '', location: row?.location ?? '' };
}

/** Keeps one's meetup details (an empty one is not kept). */
export async function keepMeetupDetails(db: Db, id: string, details: MeetupDetails): Promise<MeetupDetails> {
  await db
    .update(user)
    .set({ meetupPhone: details.phone || null, meetupPlace: details.location || null, updatedAt: new Date() })
    .where(eq(user.id, id));
  return details;
}

/** Keeps the language the person reads the store in (for their mail); written only when it changed. */
export async function saveLanguage(db: Db, id: string, language: Locale): Promise<number> {
  const changed = await db
    .update(user)
    .set({ language })
    .where(and(eq(user.id, id), sql`${user.language} is distinct from ${language}`))
    .returning({ id: user.id });
  return changed.length;
}

/**
 * Keeps the IANA time zone the person's browser reports, for the times in their mail; written only when it changed,
 * so that a browser telling it at every visit does not grow the accounts version. Answers whether it changed.
 */
export async function saveTimeZone(db: Db, id: string, timeZone: string): Promise<number> {
  const changed = await db
    .update(user)
    .set({ timeZone })
    .where(and(eq(user.id, id), sql`${user.timeZone} is distinct from ${timeZone}`))
    .returning({ id: user.id });
  return changed.length;
}
