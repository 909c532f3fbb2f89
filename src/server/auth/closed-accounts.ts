import { BASE_ERROR_CODES } from 'better-auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { AuthHookContext } from './credential-rules.ts';
import { resetLinkPrefix } from './reset-links.ts';

const accountClosed = () => new APIError('UNAUTHORIZED', { code: 'ACCOUNT_CLOSED', message: texts.auth.accountClosed });

/**
 * A closed account never signs in again, by any path, as one rule at the two doors every path goes through:
 * - no session is made for it: every sign-in (password, Google or OpenID Connect, a password change's new
 *   session, any plugin's) ends in a new session, and session creation refuses a closed account (401
 *   ACCOUNT_CLOSED; an OAuth callback redirects with `error=ACCOUNT_CLOSED`);
 * - no password is set for it: a reset refuses a link of a closed account as a spent one (400 INVALID_TOKEN),
 *   and no reset link is made for its tombstone address (the answer stays that of an unknown address).
 * Closing the account (close-account.service.ts) ends its sessions, sign-in methods and tokens in its
 * transaction; these checks hold for anything a sign-in or reset racing that transaction could leave behind.
 */
export function closedAccountRules(db: Db) {
  /**
   * Whether the account is closed. Locking the row (`for key share`) waits for a closure in progress, which holds
   * it `for update`, and then reads what that committed.
   */
  async function isClosed(userId: string): Promise<boolean> {
    const [row] = await db.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, userId)).for('key share');
    return Boolean(row?.closedAt);
  }

  return {
    databaseHooks: {
      session: {
        create: {
          before: async (created: { userId: string }) => {
            if (await isClosed(created.userId)) throw accountClosed();
          },
          // A sign-in that checked just before a closure began has its session inserted once the closure
          // commits (the insert waits for the account row): it is taken back here.
          after: async (created: { id: string; userId: string }) => {
            if (!(await isClosed(created.userId))) return;
            await db.delete(session).where(eq(session.id, created.id));
            throw accountClosed();
          },
        },
      },
      verification: {
        create: {
          before: async (created: { identifier: string; value: string }) => {
            if (created.identifier.startsWith(resetLinkPrefix) && (await isClosed(created.value))) return false;
          },
        },
      },
    },

    /** The before hook of `/reset-password`: a link of a closed account is refused as a spent one is. */
    async refuseReset(ctx: AuthHookContext): Promise<void> {
      if (ctx.path !== '/reset-password') return;
      const token = (ctx.body as { token?: unknown } | undefined)?.token ?? ctx.query?.token;
      if (typeof token !== 'string' || !token) return;
      const link = await ctx.context.internalAdapter.findVerificationValue(`${resetLinkPrefix}${token}`);
      if (link && (await isClosed(link.value))) {
        throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.INVALID_TOKEN);
      }
    },
  };
}
