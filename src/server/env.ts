import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  WEB_ROOT: z.string().default('./dist/web'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  AUTH_RATE_LIMIT: optional.pipe(z.enum(['on', 'off']).optional()),
  ACTION_RATE_LIMIT: optional.pipe(
    z
      .string()
      .regex(/^(off|[1-9]\d{0,5}\/([1-9]|[1-5]\d|60))$/, "must be 'off' or '<calls>/<seconds>', at most 60 seconds")
      .optional(),
  ),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
    .default('USD'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** How late a change made through another server may show in this one's cached lists and sessions (ADR 007). */
  CACHE_MAX_STALENESS_MS: z.coerce.number().int().min(0).max(60_000).default(100),
});

export type Env = z.infer<typeof envSchema>;

/** Reads the configuration once; a wrong variable stops the start with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The public address of the app: APP_URL, or this machine's PORT. */
export function appBaseUrl(env: Env): string {
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}
