import { APIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { verification } from '#server/db/schema/auth.ts';
import type { Queryable } from '#server/db/transaction.ts';
import type { AuthHookContext } from './credential-rules.ts';

/**
 * Better Auth keeps a reset link's token as `reset-password:<token>` (as it is: no `verification.storeIdentifier`
 * is set), with the account's id as its value.
 */
export const resetLinkPrefix = 'reset-password:';

/**
 * Ends every reset link of an account not yet used, so that a link asked for before a reset (the one used is
 * spent already), a password change or a closure cannot set a password afterwards.
 */
export async function endResetLinks(db: Queryable, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${resetLinkPrefix}%`), eq(verification.value, userId)));
}

/** Ends every token Better Auth keeps under an account's id: its reset links and any other. */
export async function endAccountTokens(db: Queryable, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, userId));
}

/** The after hook that ends the reset links of whoever changed their password (`/change-password`, answered 200). */
export function endResetLinksOnPasswordChange(db: Db) {
  return async (ctx: AuthHookContext): Promise<void> => {
    if (ctx.path !== '/change-password') return;
    const returned = ctx.context.returned;
    if (returned instanceof APIError || returned instanceof Response) return;
    const userId = (returned as { user?: { id?: unknown } } | undefined)?.user?.id;
    if (typeof userId === 'string') await endResetLinks(db, userId);
  };
}
