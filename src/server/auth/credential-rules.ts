import { randomBytes } from 'node:crypto';
import { APIError, type createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { type Role, selfServiceRoles } from '#shared/constants.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signUpSchema,
} from '#shared/schemas/auth.ts';
import { signUpAttemptMail } from './auth.mail.ts';

/** What a Better Auth hook receives. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const signUpPath = '/sign-up/email';

/** Bodies checked with the zod schemas the forms use, so the server answers the specification's messages too. */
const schemaFor: Record<string, z.ZodType<Record<string, unknown>>> = {
  '/sign-in/email': loginSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': resetPasswordSchema,
  '/change-password': changePasswordSchema,
};

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid request' });
  }
  return parsed.data;
}

/** At most one "someone tried to sign up with your address" message per account per hour. */
const signUpAttemptQuietFor = sql`interval '1 hour'`;

/**
 * Our rules in front of Better Auth's email and password calls:
 * - bodies are checked with the forms' schemas (the specification's messages; a new password follows the
 *   sign-up rules on a reset or a change too);
 * - sign-up keeps only the fields its form shows (name, email, password, role): a client-set `image`,
 *   `callbackURL` or `rememberMe` is dropped before Better Auth sees the body;
 * - sign-up with an address that has an account answers as a fresh sign-up does (no "user exists") and mails
 *   the account's owner instead;
 * - a password change always signs the account out everywhere else (`revokeOtherSessions`).
 */
export function credentialRules({ db }: { db: Db }) {
  return async (ctx: AuthHookContext) => {
    if (ctx.path === signUpPath) {
      const body = ctx.body as Record<string, unknown>;
      const form = parse(signUpSchema, body);
      // In place: Better Auth merges what a hook returns into the body it has, so keys must go from that body.
      for (const key of Object.keys(body)) if (!(key in form)) delete body[key];
      Object.assign(body, form);

      const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, form.email.toLowerCase()));
      if (!existing) return { context: { body } };
      // As long as a real sign-up takes (hashing the password), then the owner hears of it.
      await ctx.context.password.hash(form.password);
      await inTransaction(db, async (tx) => {
        const [recent] = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.userId, existing.id),
              eq(mailOutbox.template, 'sign-up-attempt'),
              gt(mailOutbox.createdAt, sql`now() - ${signUpAttemptQuietFor}`),
            ),
          );
        if (!recent) await queueMail(tx, signUpAttemptMail({ userId: existing.id }));
      });
      return answerAsFreshSignUp(ctx, form);
    }

    const schema = schemaFor[ctx.path];
    if (!schema) return;
    const checked = parse(schema, ctx.body);
    if (ctx.path === '/change-password') {
      const body = ctx.body as Record<string, unknown>;
      body.revokeOtherSessions = true;
      return { context: { body: { ...body, ...checked, revokeOtherSessions: true } } };
    }
    return { context: { body: { ...ctx.body, ...checked } } };
  };
}

const tokenAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The answer of a sign-up for an address that already has an account, in the shape, status and cookies of a
 * fresh one: a session token (here one that opens nothing) in the body and in the signed session cookie, and
 * the new user as Better Auth shows it. Whether a session is real can only be learnt by using it.
 */
async function answerAsFreshSignUp(ctx: AuthHookContext, form: z.infer<typeof signUpSchema>) {
  const token = Array.from(randomBytes(32), (byte) => tokenAlphabet[byte % tokenAlphabet.length]).join('');
  const cookie = ctx.context.authCookies.sessionToken;
  await ctx.setSignedCookie(cookie.name, token, ctx.context.secret, {
    ...cookie.attributes,
    maxAge: ctx.context.sessionConfig.expiresIn,
  });
  const now = new Date();
  return ctx.json({
    token,
    user: {
      name: form.name,
      email: form.email.toLowerCase(),
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: form.role,
      verified: false,
      formerRole: null,
      timeZone: null,
      language: null,
      id: crypto.randomUUID(),
    },
  });
}

/**
 * Role and verification are never taken from a client as they are: an email sign-up may choose Buyer
 * or Seller (already checked above), every other new account (a first social sign-in) is a Buyer,
 * and nobody starts verified. Admin is only ever granted by an admin or the create-admin command.
 */
export async function assignStartingRole(
  data: Record<string, unknown>,
  ctx: { path?: string; body?: unknown } | null,
): Promise<{ data: { role: Role; verified: false } }> {
  const chosen = ctx?.path === signUpPath ? (ctx.body as { role?: unknown } | undefined)?.role : undefined;
  const role = selfServiceRoles.find((r) => r === chosen) ?? 'Buyer';
  return { data: { ...data, role, verified: false } };
}
