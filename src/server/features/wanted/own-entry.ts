import { eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { notifications, wanted } from '#server/db/schema/wanted.ts';
import { authorize } from '#server/policies/policies.ts';

/** The rows a person owns in this feature, and what a call about one that is missing or not theirs answers. */
const entries = {
  wanted: {
    table: wanted,
    missing: 'There is no Wanted entry with this id',
    policy: 'wanted.remove' as const,
  },
  notification: {
    table: notifications,
    missing: 'There is no notification with this id',
    policy: 'notification.read' as const,
  },
};

/** Refuses unless the entry of this kind and id belongs to the person: 404 without one, 403 for someone else's. */
export async function requireOwnEntry(db: Db, kind: keyof typeof entries, id: string, userId: string): Promise<void> {
  const { table, missing, policy } = entries[kind];
  const [entry] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, id));
  if (!entry) throw new AppError('NOT_FOUND', missing);
  authorize({ id: userId }, policy, entry);
}
