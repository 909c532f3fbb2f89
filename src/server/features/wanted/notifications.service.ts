import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { Notification } from '#shared/schemas/wanted.ts';
import { requireOwnEntry } from './own-entry.ts';

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** A person's notifications, newest first. */
export function listNotifications(db: Db, userId: string, page: PageQuery) {
  const own = eq(notifications.userId, userId);
  return paginate(
    db.select().from(notifications).where(own).orderBy(desc(notifications.createdAt), desc(notifications.id)),
    db.select({ n: count() }).from(notifications).where(own),
    page,
    toNotification,
  );
}

/** How many of a person's notifications are unread (the bell's badge; a partial index holds exactly those). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the caller's notifications read; reading it again changes nothing. */
export async function markRead(db: Db, id: string, userId: string): Promise<number> {
  await requireOwnEntry(db, 'notification', id, userId);
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}

/** Marks every unread notification of the caller read. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}
