import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { oauthPopup } from 'better-auth/plugins';
import { bearer } from 'better-auth/plugins/bearer';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { account, rateLimit, session, user, verification } from '#server/db/schema/auth.ts';
import { appOrigins, type Env } from '#server/env.ts';
import { queueMailNow } from '#server/mail/outbox.ts';
import { confirmEmailMail, resetPasswordMail } from './auth.mail.ts';
import { clientIpHeader } from './client-ip.ts';
import { closedAccountRules } from './closed-accounts.ts';
import { assignStartingRole, credentialRules } from './credential-rules.ts';
import { endResetLinks, endResetLinksOnPasswordChange } from './reset-links.ts';
import { signInLimits } from './sign-in-limits.ts';
import { googleProvider, oidcPlugins } from './social-providers.ts';

export interface AuthOptions {
  db: Db;
  env: Env;
  baseURL: string;
  secret: string;
}

/** Rate limits are on, except in the test environment unless AUTH_RATE_LIMIT=on asks for them. */
export function rateLimitEnabled(env: Env): boolean {
  return env.AUTH_RATE_LIMIT ? env.AUTH_RATE_LIMIT === 'on' : env.NODE_ENV !== 'test';
}

export function createAuth({ db, env, baseURL, secret }: AuthOptions) {
  const limits = rateLimitEnabled(env) ? signInLimits(db) : undefined;
  const rules = credentialRules({ db });
  const closed = closedAccountRules(db);
  const endLinksOnChange = endResetLinksOnPasswordChange(db);
  return betterAuth({
    appName: 'The Big Bookshelf',
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: appOrigins(env),
    logger: { disabled: env.LOG_LEVEL === 'silent', level: env.LOG_LEVEL === 'silent' ? 'error' : env.LOG_LEVEL },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // "Forgot password?": the emailed link works once, within an hour, and the new password signs the
      // account out everywhere (every session, so every bearer token too) and ends every other link asked for
      // before (as a password change does). The answer is the same whether or not the address has an account.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, token }) => {
        const url = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        await queueMailNow(db, resetPasswordMail({ userId: account.id, url }));
      },
      // The link reached its inbox, so the address is proven.
      onPasswordReset: async ({ user: account }) => {
        await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, account.id));
        await endResetLinks(db, account.id);
      },
    },
    // Sign-up mails a link that confirms the address; nothing waits for it (no requireEmailVerification):
    // an unconfirmed person browses, books and pays as the specification's flow has it.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: account, token }) => {
        const url = `${baseURL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=%2Femail-confirmed`;
        await queueMailNow(db, { ...confirmEmailMail({ userId: account.id, url }), to: account.email });
      },
    },
    // A Google or OpenID Connect sign-in joins the account of the same address only when the provider vouches
    // for the address (email_verified) and the account's own address is confirmed here; no provider is trusted
    // on its name alone. Before confirming, such a sign-in is refused (account_not_linked).
    account: { accountLinking: { enabled: true, allowDifferentEmails: false } },
    socialProviders: googleProvider(env),
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'Buyer', required: false },
        verified: { type: 'boolean', input: false, defaultValue: false, required: false },
        formerRole: { type: 'string', input: false, required: false },
        // Kept by PUT /api/users/me/timeZone; the web app sends the browser's when it differs.
        timeZone: { type: 'string', input: false, required: false },
        // Kept by PUT /api/users/me/language; the web app sends its page's language when it differs.
        language: { type: 'string', input: false, required: false },
      },
    },
    // Profile changes go through PUT /api/users/me, which checks the photo URL.
    disabledPaths: ['/update-user'],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await closed.refuseReset(ctx);
        // The forms' checks first: a body they refuse is not an attempt. Then the attempt is counted, before
        // Better Auth checks the password.
        const checked = await rules(ctx);
        await limits?.countAttempt(ctx);
        return checked;
      }),
      after: createAuthMiddleware(async (ctx) => {
        await limits?.settle(ctx);
        await endLinksOnChange(ctx);
      }),
    },
    // A closed account gets no session, whichever way it signs in, and no reset link (closed-accounts.ts).
    databaseHooks: { user: { create: { before: assignStartingRole } }, ...closed.databaseHooks },
    session: { cookieCache: { enabled: false } },
    rateLimit: {
      enabled: rateLimitEnabled(env),
      storage: 'database',
      window: 60,
      max: 100,
      // Failed sign-ins are counted per account and address instead (sign-in-limits.ts). The session check is
      // no attempt at anything: every page of every signed-in person asks it, and people share addresses.
      customRules: {
        '/sign-in/email': false,
        '/get-session': false,
        '/sign-up/email': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; keep it on so tests see production's rules.
      disableOriginCheck: false,
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Our mount writes the caller's address there (client-ip.ts); an IPv6 address counts by its /64.
      ipAddress: { ipAddressHeaders: [clientIpHeader], ipv6Subnet: 64 },
    },
    plugins: [bearer(), oauthPopup(), ...oidcPlugins(env)],
  });
}

export type Auth = ReturnType<typeof createAuth>;
