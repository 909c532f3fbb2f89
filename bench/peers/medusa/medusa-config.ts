import { defineConfig } from '@medusajs/framework/utils';

/**
 * Medusa as a small shop would run it beside the Big Bookshelf: no REDIS_URL, so its event bus, cache, workflow
 * engine and locking are the in-memory modules `defineConfig` picks by default; the admin dashboard is not built.
 * `bench/peers/run.ts` gives DATABASE_URL and the secrets.
 */
export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: 'http://127.0.0.1',
      adminCors: 'http://127.0.0.1',
      authCors: 'http://127.0.0.1',
      jwtSecret: process.env.JWT_SECRET,
      cookieSecret: process.env.COOKIE_SECRET,
    },
  },
  admin: { disable: true },
});
