import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { oauthPopup } from 'better-auth/plugins';
import { bearer } from 'better-auth/plugins/bearer';
import type { Role } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/auth.ts';
import { appOrigins, type Env } from '../env.ts';
import { clientIpHeader } from './client-ip.ts';
import { assignStartingRole, checkCredentialBodies } from './credential-rules.ts';
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
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    socialProviders: googleProvider(env),
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'Buyer', required: false },
        verified: { type: 'boolean', input: false, defaultValue: false, required: false },
      },
    },
    // Profile changes go through PUT /api/users/me, which checks the photo URL.
    disabledPaths: ['/update-user'],
    hooks: limits
      ? {
          before: createAuthMiddleware(async (ctx) => {
            await limits.refuseWhileLimited(ctx);
            return checkCredentialBodies(ctx);
          }),
          after: createAuthMiddleware((ctx) => limits.countFailure(ctx)),
        }
      : { before: createAuthMiddleware(checkCredentialBodies) },
    databaseHooks: { user: { create: { before: assignStartingRole } } },
    session: { cookieCache: { enabled: false } },
    rateLimit: {
      enabled: rateLimitEnabled(env),
      storage: 'database',
      window: 60,
      max: 100,
      // Failed sign-ins are counted per account and address instead (sign-in-limits.ts).
      customRules: {
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; keep it on so tests see production's rules.
      disableOriginCheck: false,
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    plugins: [bearer(), oauthPopup(), ...oidcPlugins(env)],
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  verified: boolean;
}
