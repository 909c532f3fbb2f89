import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import { AppError } from '#server/http/errors.ts';
import type { OptionalMailKind } from '#server/mail/mail-templates.ts';

/**
 * Turns one kind of mail off or on again for an account (the unsubscribe link of a message). `queueMail`
 * skips a kind that is off. Saying the same twice changes nothing.
 */
export async function setMailPreference(
  db: Db,
  { userId, kind, subscribed }: { userId: string; kind: OptionalMailKind; subscribed: boolean },
): Promise<void> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) throw new AppError('NOT_FOUND', 'No user with this id');
  if (subscribed) {
    await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
  } else {
    await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  }
}
