import { eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { notifications, wanted } from '#server/db/schema/wanted.ts';

/** The rows a person owns in this feature, and what a call about one that is missing or not theirs answers. */
const entries = {
  wanted: {
    table: wanted,
    missing: 'There is no Wanted entry with this id',
    othersOwn: 'You can only remove entries of your own Wanted list',
  },
  notification: {
    table: notifications,
    missing: 'There is no notification with this id',
    othersOwn: 'You can only read your own notifications',
  },
};

/** Refuses unless the entry of this kind and id belongs to the person: 404 without one, 403 for someone else's. */
export async function requireOwnEntry(db: Db, kind: keyof typeof entries, id: string, userId: string): Promise<void> {
  const { table, missing, othersOwn } = entries[kind];
  const [entry] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, id));
  if (!entry) throw new AppError('NOT_FOUND', missing);
  if (entry.userId !== userId) throw new AppError('FORBIDDEN', othersOwn);
}
