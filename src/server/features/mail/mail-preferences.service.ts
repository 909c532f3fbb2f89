import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import type { OptionalMailKind } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

/**
 * Turns one kind of mail off or on again for an account (the unsubscribe link of a message, signed for the
 * account's mail-link `version`). `queueMail` skips a kind that is off. Saying the same twice changes nothing; a
 * link of a version its owner has signed out of changes nothing either, and says so (410).
 */
export async function setMailPreference(
  db: Db,
  {
    userId,
    kind,
    version,
    subscribed,
  }: { userId: string; kind: OptionalMailKind; version: number; subscribed: boolean },
): Promise<void> {
  const [account] = await db
    .select({ id: user.id, version: user.mailLinkVersion })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) throw new AppError('NOT_FOUND', 'No user with this id');
  if (version !== account.version) {
    throw new AppError('GONE', texts.mail.linkSignedOut, { field: 'token', code: 'LINK_SIGNED_OUT' });
  }
  if (subscribed) {
    await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
  } else {
    await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  }
}

/** Makes the links of every mail sent to the account so far stop working; the mail sent from now on has new ones. */
export async function signOutOfMailLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ mailLinkVersion: sql`${user.mailLinkVersion} + 1` })
    .where(eq(user.id, userId));
}
