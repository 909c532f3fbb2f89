import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import type { Role } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/auth.ts';
import type { Env } from '../env.ts';

export interface AuthOptions {
  db: Db;
  env: Env;
  baseURL: string;
  secret: string;
}

export function createAuth({ db, env, baseURL, secret }: AuthOptions) {
  return betterAuth({
    appName: 'The Big Bookshelf',
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [baseURL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'Buyer', required: false },
        verified: { type: 'boolean', input: false, defaultValue: false, required: false },
      },
    },
    session: { cookieCache: { enabled: false } },
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [bearer()],
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
